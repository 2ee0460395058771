/**
 * Catalogue search at 20,000 workouts (the demo library topped up by the seed:bench generator, on an in-memory
 * PGlite): server time of POST /tsapi/workouts/search over a fixed mix of 200 queries (facets only, keywords with
 * typos, deep pages, every sort), measured by Fastify from request to response with the answer cache off, so every
 * request really searches; then HTTP throughput of the same mix at 50 keep-alive connections, with the answer cache
 * on (the default) and off. The same mix again with avoid filters (docs/members.md) gives their server time. The client
 * always runs in a worker thread, so neither its work nor its garbage lands in the server's event loop.
 */
import { Worker } from "node:worker_threads";
import { buildApp } from "../../host/server/app.js";
import { systemClock } from "../../host/server/clock.js";
import { loadConfig } from "../../host/server/config.js";
import { connectPglite } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed } from "../../host/server/db/seed/index.js";
import { demoCatalogue } from "../../host/server/db/seed/catalogue.js";
import { BENCH_WORKOUTS, seedBenchCatalogue } from "../../host/server/db/seed/catalogue-bench.js";
import { createRandom } from "../../host/server/random.js";
import { CATEGORIES, EQUIPMENT, TRAINERS } from "../../host/server/db/seed/catalogue-vocabulary.js";
import { demoMembers } from "../../host/server/db/seed/members.js";
import type { Bench, BenchResult } from "./run.js";

const LIBRARY = "NOT type:walk AND NOT type:rest";
const PASSES = 3;
const CONNECTIONS = 50;
const LOAD_SECONDS = 10;

/** The fixed mix: 50 each of facet-only, keywords (a third with a typo), deep pages and sort-varied queries. */
export function queryMix(): Record<string, unknown>[] {
  const r = createRandom(2026);
  const sorts = ["newest", "oldest", "shortest", "longest"];
  const lengths = [
    "video.duration:300 TO 930",
    "video.duration:930 TO 1530",
    "video.duration:1530 TO 2130",
    "video.duration > 3630",
  ];
  const facetFilter = () =>
    [
      `category:${r.pick(CATEGORIES).slug}`,
      `(trainer:"${r.pick(TRAINERS)}" OR trainer:"${r.pick(TRAINERS)}")`,
      `(equipment:"${r.pick(EQUIPMENT)}" OR equipment:"${r.pick(EQUIPMENT)}")`,
      r.pick(lengths),
      "live:false",
    ]
      .filter(() => r.int(2) === 0)
      .reduce((acc, f) => `${acc} AND ${f}`, LIBRARY);
  const words = [
    "sculpt",
    "stretch",
    "meditation",
    "core",
    "glute",
    "cardio",
    "mobility",
    "weights",
    "burn",
    "breath",
    "full body",
    "ava",
    "renee",
    "mat pilates",
  ];
  const typos = ["sculpr", "strech", "meditaton", "cardoi", "mobilty", "wieghts", "pilats", "glutse"];
  const mix: Record<string, unknown>[] = [];
  for (let i = 0; i < 50; i++)
    mix.push({
      facets: "*",
      filters: facetFilter(),
      keywords: "",
      sort: "newest",
      page: 0,
      hits: 50,
      pagination: "on",
      equipmentFilter: r.pick(["selected", "additional"]),
    });
  for (let i = 0; i < 50; i++) {
    const keywords =
      i % 3 === 0 ? r.pick(typos) : `${r.pick(words)}${r.int(3) === 0 ? ` ${r.pick(words).slice(0, 3)}` : ""}`;
    mix.push({ facets: "*", filters: LIBRARY, keywords, sort: r.pick(sorts), page: 0, hits: 50, pagination: "on" });
  }
  for (let i = 0; i < 50; i++)
    mix.push({
      facets: "*",
      filters: LIBRARY,
      keywords: "",
      sort: r.pick(sorts),
      page: 20 + r.int(300),
      hits: 50,
      pagination: "on",
    });
  for (let i = 0; i < 50; i++)
    mix.push({
      facets: ["trainer", "equipment"],
      filters: facetFilter(),
      keywords: "",
      sort: sorts[i % 4],
      page: r.int(5),
      hits: r.pick([12, 50]),
      pagination: "on",
    });
  return mix;
}

/** Avoid lists a member keeps, cycled over the mix: body areas, equipment, both. */
const AVOID_LISTS = [
  ["jumping"],
  ["wrists", "shoulders"],
  ["knees", "lower-back", "floor"],
  ["weights"],
  ["jumping", "ball", "band"],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * The HTTP client, in a worker thread so its own work and garbage never land in the server's event loop:
 * `connections` keep-alive loops post the bodies round-robin, for `seconds` or for `rounds` passes over the mix.
 */
const CLIENT_WORKER = `
const http = require("node:http");
const { workerData, parentPort } = require("node:worker_threads");
const { port, bodies, connections, seconds, rounds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let ok = 0, errors = 0, next = 0;
const total = rounds ? rounds * bodies.length : Infinity;
const until = seconds ? Date.now() + seconds * 1000 : Infinity;
const one = () => new Promise((resolve) => {
  const body = bodies[next++ % bodies.length];
  const req = http.request({ host: "127.0.0.1", port, path: "/tsapi/workouts/search", method: "POST", agent,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
    res.on("data", () => {});
    res.on("end", () => { res.statusCode === 200 ? ok++ : errors++; resolve(); });
  });
  req.on("error", () => { errors++; resolve(); });
  req.end(body);
});
const loop = async () => { while (Date.now() < until && next < total) await one(); };
const started = Date.now();
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  parentPort.postMessage({ ok, errors, seconds: (Date.now() - started) / 1000 });
  agent.destroy();
});
`;

interface ClientRun {
  port: number;
  bodies: string[];
  connections: number;
  seconds?: number;
  rounds?: number;
}

function client(run: ClientRun): Promise<{ ok: number; errors: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_WORKER, { eval: true, workerData: run });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

async function run(): Promise<BenchResult[]> {
  const database = await connectPglite();
  await migrate(database.db);
  await seed(database.db, { clock: systemClock }, [demoMembers, demoCatalogue]);
  await seedBenchCatalogue(database.db, systemClock.now(), BENCH_WORKOUTS);
  // Two servers over the same database: one with the answer cache off (every request searches), one as deployed.
  const config = { ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent" }), logLevel: "silent" };
  process.env.FITKIT_SEARCH_CACHE_MB = "0";
  const uncached = await buildApp({ config, database, logger: false });
  delete process.env.FITKIT_SEARCH_CACHE_MB;
  const cached = await buildApp({ config, database, logger: false });
  const serverMs: number[] = [];
  const avoidMs: number[] = [];
  let recording: number[] | null = null;
  uncached.addHook("onResponse", async (request, reply) => {
    if (recording && request.url === "/tsapi/workouts/search") recording.push(reply.elapsedTime);
  });
  const uncachedUrl = await uncached.listen({ port: 0, host: "127.0.0.1" });
  const cachedUrl = await cached.listen({ port: 0, host: "127.0.0.1" });
  try {
    const bodies = queryMix().map((q) => JSON.stringify(q));
    const check = await fetch(`${uncachedUrl}/tsapi/workouts/search`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    const { nbHits } = (await check.json()) as { nbHits: number };
    if (nbHits !== BENCH_WORKOUTS) throw new Error(`expected ${BENCH_WORKOUTS} workouts, found ${nbHits}`);
    const uncachedPort = Number(new URL(uncachedUrl).port);
    const warm = await client({ port: uncachedPort, bodies, connections: 1, rounds: 1 }); // JIT warm-up
    recording = serverMs;
    const timed = await client({ port: uncachedPort, bodies, connections: 1, rounds: PASSES });
    recording = null;
    if (warm.errors || timed.errors) throw new Error("a search of the mix failed");
    serverMs.sort((a, b) => a - b);
    const avoidBodies = queryMix().map((q, i) => JSON.stringify({ ...q, avoid: AVOID_LISTS[i % AVOID_LISTS.length] }));
    recording = avoidMs;
    const avoiding = await client({ port: uncachedPort, bodies: avoidBodies, connections: 1, rounds: PASSES });
    recording = null;
    if (avoiding.errors) throw new Error("a search of the mix with avoid filters failed");
    avoidMs.sort((a, b) => a - b);

    const withCache = await client({
      port: Number(new URL(cachedUrl).port),
      bodies,
      connections: CONNECTIONS,
      seconds: LOAD_SECONDS,
    });
    const withoutCache = await client({ port: uncachedPort, bodies, connections: CONNECTIONS, seconds: LOAD_SECONDS });
    return [
      {
        metric: `search server time median (${serverMs.length} requests)`,
        value: percentile(serverMs, 50),
        unit: "ms",
        budget: { limit: 2, better: "lower" },
      },
      {
        metric: "search server time p99",
        value: percentile(serverMs, 99),
        unit: "ms",
        budget: { limit: 10, better: "lower" },
      },
      {
        metric: `search server time median, avoid filters (${avoidMs.length})`,
        value: percentile(avoidMs, 50),
        unit: "ms",
        budget: { limit: 2, better: "lower" },
      },
      {
        metric: "search server time p99, avoid filters",
        value: percentile(avoidMs, 99),
        unit: "ms",
        budget: { limit: 10, better: "lower" },
      },
      {
        metric: `search over HTTP, ${CONNECTIONS} connections`,
        value: withCache.ok / withCache.seconds,
        unit: "req/s",
        budget: { limit: 5000, better: "higher" },
      },
      {
        metric: "search over HTTP, errors",
        value: withCache.errors + withoutCache.errors,
        unit: "errors",
        budget: { limit: 0, better: "lower" },
      },
      {
        metric: `search over HTTP, ${CONNECTIONS} connections, answer cache off`,
        value: withoutCache.ok / withoutCache.seconds,
        unit: "req/s",
      },
    ];
  } finally {
    await cached.close();
    await uncached.close();
    await database.close();
  }
}

export default { name: "search (20,000 workouts)", run } satisfies Bench;
