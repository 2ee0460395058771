/**
 * The benches' HTTP load client, in a worker thread so its own work and garbage never land in the server's event
 * loop: `connections` keep-alive loops send the bodies round-robin (POST, or GET when `bodies` is absent), for
 * `seconds` or for `rounds` passes.
 */
import { Worker } from "node:worker_threads";

const CLIENT_WORKER = `
const http = require("node:http");
const { workerData, parentPort } = require("node:worker_threads");
const { port, path, bodies, connections, seconds, rounds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const list = bodies ?? [null];
let ok = 0, errors = 0, next = 0;
const total = rounds ? rounds * list.length : Infinity;
const until = seconds ? Date.now() + seconds * 1000 : Infinity;
const one = () => new Promise((resolve) => {
  const body = list[next++ % list.length];
  const headers = body === null ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
  const req = http.request({ host: "127.0.0.1", port, path, method: body === null ? "GET" : "POST", agent, headers },
    (res) => {
      res.on("data", () => {});
      res.on("end", () => { res.statusCode === 200 ? ok++ : errors++; resolve(); });
    });
  req.on("error", () => { errors++; resolve(); });
  req.end(body ?? undefined);
});
const loop = async () => { while (Date.now() < until && next < total) await one(); };
const started = Date.now();
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  parentPort.postMessage({ ok, errors, seconds: (Date.now() - started) / 1000 });
  agent.destroy();
});
`;

export interface ClientRun {
  port: number;
  path: string;
  bodies?: string[];
  connections: number;
  seconds?: number;
  rounds?: number;
}

export function client(run: ClientRun): Promise<{ ok: number; errors: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_WORKER, { eval: true, workerData: run });
    worker.once("message", (m: { ok: number; errors: number; seconds: number }) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}
