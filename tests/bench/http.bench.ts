/**
 * Throughput over HTTP at 50 keep-alive connections, each beside the framework's ceiling on this machine: a bare
 * Fastify route answering a fixed JSON of the same size (POST with the same body parsing for search, GET for the
 * schedule). Search at 20,000 workouts with the answer cache on (as deployed) and off (every request searches and
 * serialises), over the 200-query mix of search.bench.ts; the public schedule of the demo studios with its answer
 * cache (as deployed: each request reads the locations' schedule versions, then sends the kept bytes).
 * `BENCH_HTTP_ONLY=schedule` measures the schedule pair alone, without the 20k catalogue. The client runs in a
 * worker thread (http-client.ts).
 */
import Fastify from "fastify";
import { buildApp } from "../../host/server/app.js";
import { systemClock } from "../../host/server/clock.js";
import { loadConfig } from "../../host/server/config.js";
import { connectPglite } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { BENCH_WORKOUTS, seedBenchCatalogue } from "../../host/server/db/seed/catalogue-bench.js";
import type { Bench, BenchResult } from "./run.js";
import { client } from "./http-client.js";
import { queryMix } from "./search-mix.js";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const SCHEDULE = "/studios/class?public=true";
const SCHEDULE_ONLY = process.env.BENCH_HTTP_ONLY === "schedule";

/** A bare Fastify server answering `body` at `path` (POST parses a JSON body first, as the search route does). */
async function bare(method: "GET" | "POST", path: string, body: string) {
  const app = Fastify({ logger: false });
  app.route({
    method,
    url: path,
    handler: async (_request, reply) => reply.type("application/json; charset=utf-8").send(body),
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, port: Number(new URL(url).port) };
}

async function run(): Promise<BenchResult[]> {
  const database = await connectPglite();
  await migrate(database.db);
  await seed(database.db, { clock: systemClock }, seedSteps({ demo: true }));
  if (!SCHEDULE_ONLY) await seedBenchCatalogue(database.db, systemClock.now(), BENCH_WORKOUTS);
  const config = { ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent", DATABASE_URL: "" }), logLevel: "silent" };
  const uncached = await buildApp({ config: { ...config, searchCacheBytes: 0 }, database, logger: false });
  const cached = await buildApp({ config, database, logger: false });
  const port = async (app: typeof cached) => Number(new URL(await app.listen({ port: 0, host: "127.0.0.1" })).port);
  const cachedPort = await port(cached);
  const uncachedPort = await port(uncached);
  const servers: { close(): Promise<unknown> }[] = [cached, uncached];
  try {
    const bodies = SCHEDULE_ONLY ? [] : queryMix(BENCH_WORKOUTS).map((q) => JSON.stringify(q.request));
    // The bare routes answer the mix's median answer and the schedule's own answer, byte for byte.
    const answers: string[] = [];
    for (const body of bodies) {
      const res = await fetch(`http://127.0.0.1:${uncachedPort}/tsapi/workouts/search`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      if (!res.ok) throw new Error(`search failed: ${res.status}`);
      answers.push(await res.text());
    }
    answers.sort((a, b) => a.length - b.length);
    const searchAnswer = answers[Math.floor(answers.length / 2)] ?? "";
    const scheduleRes = await fetch(`http://127.0.0.1:${uncachedPort}${SCHEDULE}`);
    if (!scheduleRes.ok) throw new Error(`schedule failed: ${scheduleRes.status}`);
    const scheduleAnswer = await scheduleRes.text();
    const bareSearch = await bare("POST", "/tsapi/workouts/search", searchAnswer);
    const bareSchedule = await bare("GET", "/studios/class", scheduleAnswer);
    servers.push(bareSearch.app, bareSchedule.app);

    const load = async (p: number, path: string, b?: string[]) => {
      await client({ port: p, path, bodies: b, connections: CONNECTIONS, seconds: 1 }); // warm-up
      const r = await client({ port: p, path, bodies: b, connections: CONNECTIONS, seconds: SECONDS });
      if (r.errors) throw new Error(`${r.errors} errors on ${path}`);
      return r.ok / r.seconds;
    };
    const kb = (s: string) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KB`;
    const ceiling = (value: number) => ({ label: "bare Fastify", value });
    const bareScheduleRate = await load(bareSchedule.port, "/studios/class?public=true");
    const scheduleRate = await load(cachedPort, SCHEDULE);
    const scheduleRows: BenchResult[] = [
      {
        metric: `bare Fastify, fixed ${kb(scheduleAnswer)} JSON (GET), ${CONNECTIONS} connections`,
        value: bareScheduleRate,
        unit: "req/s",
      },
      {
        metric: "public schedule, demo studios, answer cache on",
        value: scheduleRate,
        unit: "req/s",
        compare: ceiling(bareScheduleRate),
      },
    ];
    if (SCHEDULE_ONLY) return scheduleRows;
    const bareSearchRate = await load(bareSearch.port, "/tsapi/workouts/search", bodies);
    const cachedRate = await load(cachedPort, "/tsapi/workouts/search", bodies);
    const uncachedRate = await load(uncachedPort, "/tsapi/workouts/search", bodies);
    return [
      {
        metric: `bare Fastify, fixed ${kb(searchAnswer)} JSON (POST), ${CONNECTIONS} connections`,
        value: bareSearchRate,
        unit: "req/s",
      },
      {
        metric: `search at ${BENCH_WORKOUTS / 1000}k, answer cache on`,
        value: cachedRate,
        unit: "req/s",
        compare: ceiling(bareSearchRate),
        budget: { limit: 5000, better: "higher" },
      },
      {
        metric: `search at ${BENCH_WORKOUTS / 1000}k, answer cache off`,
        value: uncachedRate,
        unit: "req/s",
        compare: ceiling(bareSearchRate),
      },
      ...scheduleRows,
    ];
  } finally {
    for (const s of servers) await s.close();
    await database.close();
  }
}

export default { name: `HTTP at ${CONNECTIONS} connections beside a bare Fastify route`, run } satisfies Bench;
