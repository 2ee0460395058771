/**
 * The live stream's bounds under clients that misbehave (issue 33): a client that hangs up before its stream is set
 * up holds nothing, a client that stops reading is dropped once its backlog passes the bound, and one address holds
 * at most so many streams.
 */
import { connect, type Socket } from "node:net";
import type { PoolClient } from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.js";
import { openStream, type SseStream } from "./sse-client.js";

/** The server notices a client that went away, and a closing server ends its streams, well within this. */
const SETTLES_WITHIN_MS = 10_000;
const STREAM = "/studios/live-classes/stream";

async function until(ready: () => boolean | Promise<boolean>, ms: number, what: string | (() => string)) {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`${typeof what === "string" ? what : what()} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const openConnections = (t: TestApp) =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** A raw HTTP request for the stream, on a socket of its own that the test can hang up or stop reading. */
function rawRequest(port: number, path: string): Socket {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
  return socket;
}

describe("a client that hangs up before its stream is set up", () => {
  const slots = 20;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { liveStreamsMax: slots, liveStreamsPerAddress: slots } });
  });

  it("holds no slot: after 100 such requests every slot still opens, and the server stops promptly", async () => {
    const held: SseStream[] = [];
    const at = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(at).port);
    // Every database connection is taken, so each request waits inside the route (looking up its location)...
    const pool = t.database.pool;
    const taken: PoolClient[] = [];
    while (pool.totalCount < pool.options.max || pool.idleCount > 0) taken.push(await pool.connect());
    // One held elsewhere (on PostgreSQL the search index's LISTEN for good, a job for a moment) comes to the test, not
    // to a request, when it is given back.
    const queuedFirst = pool.connect();
    const hangingUp = Array.from({ length: 100 }, () => rawRequest(port, `${STREAM}?location=live`));
    const poolState = () => `pool: ${pool.waitingCount} waiting, ${pool.idleCount} idle of ${pool.totalCount}`;
    await until(
      () => pool.waitingCount >= hangingUp.length,
      SETTLES_WITHIN_MS,
      () => `the requests did not wait (${poolState()})`,
    );
    // ...while its client hangs up; then the route goes on.
    for (const socket of hangingUp) socket.destroy();
    await until(async () => (await openConnections(t)) === 0, SETTLES_WITHIN_MS, "the server kept connections");
    for (const client of taken) client.release();
    (await queuedFirst).release();
    await until(
      () => pool.waitingCount === 0,
      SETTLES_WITHIN_MS,
      () => `the requests did not go on (${poolState()})`,
    );

    const url = `${at}${STREAM}?location=live`;
    for (let i = 0; i < slots; i++) held.push(await openStream(url));
    const refused = await openStream(url);
    const statuses = held.map((s) => s.status);

    // Open streams are ended by the server; nothing waits on the connections that are gone.
    const started = performance.now();
    const closed = await Promise.race([
      t.close().then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), SETTLES_WITHIN_MS)),
    ]);
    const closingMs = performance.now() - started;
    for (const s of [...held, refused]) s.close();
    expect(statuses).toEqual(Array(slots).fill(200));
    expect(refused.status).toBe(503);
    expect(closed, `the server was still closing after ${Math.round(closingMs)} ms`).toBe(true);
  });
});
