/**
 * Catalogue search side by side, in one process and one run, at 2,000, 20,000 and (with `--large` or
 * BENCH_LARGE=1) 200,000 workouts: fitkit's index vs PostgreSQL (GIN full-text + pg_trgm, facet counts in SQL) vs
 * PGlite running the same SQL vs MiniSearch used in full (search-engines.ts), over the same 200 queries. Every engine's
 * answer is checked against fitkit's (ids, total, facet counts) before its time counts. The engines take turns query by
 * query, so load on a shared machine falls on all of them alike.
 *
 * At each size also: fitkit's server time over HTTP (Fastify's own request-to-response time, answer cache off),
 * index build time and memory, and start-up of the built server to a ready /health on an embedded database holding
 * that catalogue.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pg from "pg";
import { buildApp } from "../../host/server/app.js";
import { systemClock } from "../../host/server/clock.js";
import { loadConfig } from "../../host/server/config.js";
import { connectPglite } from "../../host/server/db/index.js";
import { seedBenchCatalogue } from "../../host/server/db/seed/catalogue-bench.js";
import { openDatabase } from "../../host/server/server.js";
import { CatalogueIndex } from "../../host/server/search/catalogue-index.js";
import { loadWorkouts } from "../../host/server/services/catalogue-workouts.js";
import type { Bench, BenchResult } from "./run.js";
import { client } from "./http-client.js";
import { builtServer, timeStart } from "./server-start.js";
import {
  loadSql,
  miniSearchEngine,
  sqlEngine,
  type Engine,
  type EngineAnswer,
  type SqlClient,
} from "./search-engines.js";
import { disagreement, queryMix, SHAPES, type Shape } from "./search-mix.js";

const LARGE = process.argv.includes("--large") || process.env.BENCH_LARGE === "1";
const SIZES = process.env.BENCH_SIZES
  ? process.env.BENCH_SIZES.split(",").map(Number)
  : LARGE
    ? [2_000, 20_000, 200_000]
    : [2_000, 20_000];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

/** The collector, whatever flags node was started with (for memory figures). */
let gc: (() => void) | undefined;
/** Memory in use after a full collection: the heap and typed arrays' buffers (the index's postings and bitsets). */
const memoryAfterGc = () => {
  if (!gc) {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

function fitkitEngine(index: CatalogueIndex): Engine {
  return {
    name: "fitkit",
    sameOrder: true,
    close: async () => {},
    async search(request) {
      const r = index.search(request);
      return {
        ids: r.hits.map((n) => index.workout(n).id),
        nbHits: r.nbHits,
        facets: r.facets as EngineAnswer["facets"],
      };
    },
  };
}

/** The engines over one catalogue: fitkit's index, PostgreSQL (a scratch database), PGlite, MiniSearch. */
async function engines(index: CatalogueIndex, workouts: Parameters<typeof miniSearchEngine>[0]) {
  const built: { engine: Engine; buildMs: number; memoryBytes?: number }[] = [];
  built.push({ engine: fitkitEngine(index), buildMs: NaN });

  // PostgreSQL: a scratch database, created here and dropped with the engine (never the tables other tests use).
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `fitkit_bench_search_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  pool.on("error", () => {}); // an idle connection ended by the drop below
  const pgClient: SqlClient = {
    query: (text, params) => pool.query(text, params),
    exec: async (text) => void (await pool.query(text)),
  };
  let t0 = performance.now();
  await loadSql(pgClient, "public", workouts);
  built.push({
    engine: sqlEngine("PostgreSQL", pgClient, "public", async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }),
    buildMs: performance.now() - t0,
  });

  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
  t0 = performance.now();
  const lite = await PGlite.create({ extensions: { pg_trgm, fuzzystrmatch } });
  const liteClient: SqlClient = {
    query: async (text, params) => ({ rows: (await lite.query<Record<string, unknown>>(text, params)).rows }),
    exec: async (text) => void (await lite.exec(text)),
  };
  await loadSql(liteClient, "public", workouts);
  built.push({
    engine: sqlEngine("PGlite", liteClient, "public", () => lite.close()),
    buildMs: performance.now() - t0,
  });

  const before = memoryAfterGc();
  t0 = performance.now();
  const mini = miniSearchEngine(workouts);
  const miniMs = performance.now() - t0;
  built.push({ engine: mini, buildMs: miniMs, memoryBytes: memoryAfterGc() - before });
  return built;
}

async function measureSize(size: number, results: BenchResult[]) {
  const label = `${size / 1000}k`;
  const log = (s: string) => console.log(`  [${label}] ${s}`);
  const dataDir = mkdtempSync(join(tmpdir(), `fitkit-search-${label}-`));
  const config = { ...loadConfig({ PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "" }), logLevel: "silent" };
  try {
    // The catalogue: the demo data topped up to `size` workouts, in an embedded database on disk.
    let t0 = performance.now();
    const seeding = await openDatabase(config, systemClock);
    await seedBenchCatalogue(seeding.db, systemClock.now(), size);
    await seeding.close();
    log(`seeded in ${Math.round(performance.now() - t0)} ms`);

    if (existsSync(builtServer)) {
      // A restart (the index's catalogue read back from the copy its last build saved, search/catalogue-copy.ts),
      // beside the first start after a catalogue change (no copy of the current version: read from the tables).
      const restarts: number[] = [];
      const afterChange: number[] = [];
      for (let i = 0; i < (size > 50_000 ? 2 : 3); i++) {
        rmSync(join(dataDir, "fitkit-search"), { recursive: true, force: true });
        afterChange.push(await timeStart(dataDir));
        restarts.push(await timeStart(dataDir));
      }
      const changed = percentile(afterChange, 50);
      results.push({
        metric: `start-up to a ready /health, ${label} workouts (median of ${restarts.length})`,
        value: percentile(restarts, 50),
        unit: "ms",
        compare: { label: "first start after a catalogue change", value: changed },
        budget: { limit: size > 50_000 ? 10_000 : 2_000, better: "lower" },
      });
      results.push({
        metric: `start-up after a catalogue change, ${label} workouts (median of ${afterChange.length})`,
        value: changed,
        unit: "ms",
      });
      log(`start-up ${Math.round(percentile(restarts, 50))} ms, after a change ${Math.round(changed)} ms`);
    } else console.log("  (no dist/server/main.js: start-up skipped; run `npm run build` first)");

    const database = await connectPglite({ dataDir });
    try {
      t0 = performance.now();
      const workouts = await loadWorkouts(database.db);
      const loadMs = performance.now() - t0;
      if (workouts.length !== size) throw new Error(`expected ${size} workouts, found ${workouts.length}`);
      t0 = performance.now();
      const index = new CatalogueIndex(workouts);
      const buildMs = performance.now() - t0;
      // What one index holds beyond the workouts it was built from: a second one, built with the first alive (the
      // first build's own garbage, and the read's, is gone by then, so nothing unrelated is freed in between).
      const before = memoryAfterGc();
      const second = new CatalogueIndex(workouts);
      const heap = memoryAfterGc() - before;
      if (second.size !== index.size) throw new Error("the two builds of one catalogue differ");
      results.push(
        { metric: `fitkit index: catalogue read from the database, ${label}`, value: loadMs, unit: "ms" },
        { metric: `fitkit index: build, ${label}`, value: buildMs, unit: "ms" },
        { metric: `fitkit index: memory (heap and typed arrays), ${label}`, value: heap / 2 ** 20, unit: "MB" },
      );

      // fitkit's server time over HTTP (answer cache off: every request searches and serialises).
      const app = await buildApp({ config: { ...config, searchCacheBytes: 0 }, database, logger: false });
      const serverMs: number[] = [];
      let recording = false;
      app.addHook("onResponse", async (request, reply) => {
        if (recording && request.url === "/tsapi/workouts/search") serverMs.push(reply.elapsedTime);
      });
      const url = await app.listen({ port: 0, host: "127.0.0.1" });
      const port = Number(new URL(url).port);
      const mix = queryMix(size);
      const bodies = mix.map((q) => JSON.stringify(q.request));
      try {
        await client({ port, path: "/tsapi/workouts/search", bodies, connections: 1, rounds: 1 });
        recording = true;
        const timed = await client({ port, path: "/tsapi/workouts/search", bodies, connections: 1, rounds: 2 });
        recording = false;
        if (timed.errors) throw new Error("a search of the mix failed over HTTP");
      } finally {
        await app.close();
      }
      results.push(
        {
          metric: `fitkit search server time median over HTTP, ${label} (${serverMs.length})`,
          value: percentile(serverMs, 50),
          unit: "ms",
          budget: { limit: size > 50_000 ? 5 : 2, better: "lower" },
        },
        {
          metric: `fitkit search server time p99 over HTTP, ${label}`,
          value: percentile(serverMs, 99),
          unit: "ms",
          budget: { limit: size > 50_000 ? 20 : 10, better: "lower" },
        },
      );
      log(
        `server time median ${percentile(serverMs, 50).toFixed(2)} ms, p99 ${percentile(serverMs, 99).toFixed(2)} ms`,
      );

      // The engines side by side.
      const all = await engines(index, workouts);
      for (const b of all.slice(1))
        results.push({
          metric: `${b.engine.name}: load and index, ${label}`,
          value: b.buildMs,
          unit: "ms",
          compare: { label: "fitkit build", value: buildMs },
        });
      const mini = all.find((b) => b.engine.name === "MiniSearch")!;
      results.push({
        metric: `MiniSearch: memory (heap and typed arrays), ${label}`,
        value: mini.memoryBytes! / 2 ** 20,
        unit: "MB",
        compare: { label: "fitkit", value: heap / 2 ** 20 },
      });
      try {
        const times = new Map(all.map((b) => [b.engine.name, new Map<Shape, number[]>(SHAPES.map((s) => [s, []]))]));
        const disagreements = new Map(all.map((b) => [b.engine.name, [] as string[]]));
        const passes = size > 50_000 ? 1 : 2;
        for (let pass = 0; pass <= passes; pass++) {
          for (const [qi, q] of mix.entries()) {
            const answers = new Map<string, EngineAnswer>();
            // Rotate who goes first, so no engine always runs on a cache another warmed.
            for (let k = 0; k < all.length; k++) {
              const { engine } = all[(qi + k + pass) % all.length]!;
              const started = performance.now();
              const answer = await engine.search(q.request);
              const ms = performance.now() - started;
              if (pass > 0) times.get(engine.name)!.get(q.shape)!.push(ms);
              answers.set(engine.name, answer);
            }
            if (pass > 0) continue;
            const expected = answers.get("fitkit")!;
            for (const b of all.slice(1)) {
              const diff = disagreement(b.engine, expected, answers.get(b.engine.name)!, !!q.request.keywords.trim());
              if (diff)
                disagreements
                  .get(b.engine.name)!
                  .push(`#${qi} ${q.shape} ${JSON.stringify(q.request.keywords)}: ${diff}`);
            }
          }
        }
        const fit = times.get("fitkit")!;
        const allOf = (m: Map<Shape, number[]>) => [...m.values()].flat();
        for (const b of all) {
          const mine = times.get(b.engine.name)!;
          const isFitkit = b.engine.name === "fitkit";
          results.push(
            {
              metric: `${b.engine.name} search median, ${label}, all ${mix.length} queries`,
              value: percentile(allOf(mine), 50),
              unit: "ms",
              ...(isFitkit ? {} : { compare: { label: "fitkit", value: percentile(allOf(fit), 50) } }),
            },
            {
              metric: `${b.engine.name} search p99, ${label}`,
              value: percentile(allOf(mine), 99),
              unit: "ms",
              ...(isFitkit ? {} : { compare: { label: "fitkit", value: percentile(allOf(fit), 99) } }),
            },
          );
          if (!isFitkit) {
            for (const shape of SHAPES)
              results.push({
                metric: `${b.engine.name} median, ${label}, ${shape}`,
                value: percentile(mine.get(shape)!, 50),
                unit: "ms",
                compare: { label: "fitkit", value: percentile(fit.get(shape)!, 50) },
              });
            const losses = SHAPES.filter((s) => percentile(mine.get(s)!, 50) < percentile(fit.get(s)!, 50));
            results.push({
              metric: `query shapes where ${b.engine.name} beats fitkit's median, ${label}${losses.length ? ` (${losses.join(", ")})` : ""}`,
              value: losses.length,
              unit: `of ${SHAPES.length}`,
              ...(b.engine.name === "MiniSearch" ? {} : { budget: { limit: 0, better: "lower" as const } }),
            });
            const diffs = disagreements.get(b.engine.name)!;
            results.push({
              metric: `${b.engine.name} answers differing from fitkit's, ${label}`,
              value: diffs.length,
              unit: `of ${mix.length}`,
              budget: { limit: 0, better: "lower" },
            });
            for (const d of diffs.slice(0, 5)) console.log(`    ${b.engine.name} differs: ${d}`);
          }
        }
        log("engines compared");
      } finally {
        for (const b of all) await b.engine.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  if (!LARGE) console.log("  (200k workouts only with `npm run bench -- search --large`, several minutes)");
  for (const size of SIZES) await measureSize(size, results);
  return results;
}

export default {
  name: `search side by side (${SIZES.map((s) => `${s / 1000}k`).join(", ")} workouts)`,
  run,
} satisfies Bench;
