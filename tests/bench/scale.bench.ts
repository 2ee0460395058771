/**
 * Member reads at scale: a demo member's stats, history and series progress at demo size, then again after
 * 100,000 bench members with 1M history rows are added (seed/members-bench.ts, the same rows `npm run seed:bench --
 * --members 100000` writes), on PGlite and on PostgreSQL (a scratch database, created and dropped here). Each read's
 * median over 30 requests through the whole app (auth, validation, queries, serialisation) with app.inject, beside its
 * demo-size figure; the budget is 2× that. BENCH_MEMBERS picks another member count.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../../host/server/app.js";
import { systemClock } from "../../host/server/clock.js";
import { loadConfig } from "../../host/server/config.js";
import { connectPglite, connectPostgres, type DatabaseHandle } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { DEMO_MEMBERS, DEMO_PASSWORD } from "../../host/server/db/seed/members.js";
import { seedBenchMembers, SESSIONS_PER_MEMBER } from "../../host/server/db/seed/members-bench.js";
import type { Bench, BenchResult } from "./run.js";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = 30;
const READS = {
  stats: "/v2/workouts/workout_stats?startDate=2020-01-01&endDate=2030-01-01",
  "stats by type": "/stats/v2/workouts",
  history: "/v2/workouts/history?limit=100",
  "series progress": "/v2/workouts/series/",
} as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(database: DatabaseHandle, engine: string): Promise<BenchResult[]> {
  await migrate(database.db);
  await seed(database.db, { clock: systemClock }, seedSteps({ demo: true }));
  const config = { ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent", DATABASE_URL: "" }), logLevel: "silent" };
  const app = await buildApp({ config, database, logger: false });
  try {
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    const headers = { authorization: `Bearer ${signIn.json().token as string}` };
    const read = async () => {
      const out: Record<string, number> = {};
      for (const [name, url] of Object.entries(READS)) {
        const times: number[] = [];
        for (let i = 0; i < RUNS + 5; i++) {
          const t0 = performance.now();
          const res = await app.inject({ method: "GET", url, headers });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          if (i >= 5) times.push(performance.now() - t0);
        }
        out[name] = median(times);
      }
      return out;
    };
    const small = await read();
    const t0 = performance.now();
    const rows = await seedBenchMembers(database.db, systemClock.now(), MEMBERS);
    const seedMs = performance.now() - t0;
    if (database.kind === "postgres") {
      // What an operator does after a bulk load; else autovacuum works through the million new rows, and the
      // checkpointer writes them out, during the reads measured next.
      await sql`vacuum (analyze) workout_sessions, users`.execute(database.db);
      await sql`checkpoint`.execute(database.db);
    }
    if (rows !== MEMBERS * SESSIONS_PER_MEMBER)
      throw new Error(`expected ${MEMBERS * SESSIONS_PER_MEMBER} rows, wrote ${rows}`);
    const large = await read();
    const label = `${MEMBERS / 1000}k members, ${rows / 1e6}M history rows`;
    return [
      { metric: `${engine}: seeding ${label}`, value: seedMs / 1000, unit: "s" },
      ...Object.keys(READS).map((name) => ({
        metric: `${engine}: ${name} at ${label}`,
        value: large[name]!,
        unit: "ms",
        compare: { label: "demo size", value: small[name]! },
        budget: { limit: 2 * small[name]!, better: "lower" as const },
      })),
    ];
  } finally {
    await app.close();
  }
}

async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const lite = await connectPglite();
  try {
    results.push(...(await measure(lite, "PGlite")));
  } finally {
    await lite.close();
  }
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `fitkit_bench_scale_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = connectPostgres(dbUrl.toString(), 10);
  try {
    results.push(...(await measure(database, "PostgreSQL")));
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return results;
}

export default { name: `member reads with ${MEMBERS / 1000}k members beside demo size`, run } satisfies Bench;
