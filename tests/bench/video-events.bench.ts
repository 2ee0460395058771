/**
 * Video-event ingest into PostgreSQL through the whole HTTP pipeline (JSON parse, schema validation, ownership checks,
 * one INSERT … SELECT FROM unnest() per batch): 200 batches of 500 events, 4 in flight, then a count proves none was
 * lost. Runs on a throwaway database on BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildApp } from "../../host/server/app.js";
import { loadConfig } from "../../host/server/config.js";
import { connectPostgres } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import type { Bench, BenchResult } from "./run.js";

const BATCHES = 200;
const BATCH_SIZE = 500;
const IN_FLIGHT = 4;
const WARMUP_BATCHES = 5;
const TYPES = ["progress", "progress", "progress", "play", "pause", "seek", "progress", "muted", "unmuted", "progress"];

async function run(): Promise<BenchResult[]> {
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `fitkit_bench_events_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = connectPostgres(dbUrl.toString(), 10);
  try {
    await migrate(database.db);
    await database.db
      .insertInto("workouts")
      .values({
        id: "bench-workout",
        slug: "bench-workout",
        name: "Bench",
        duration: 30,
        video_duration: 1800,
        start_date: new Date(),
      })
      .execute();
    const app = await buildApp({
      config: { ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent" }), logLevel: "silent" },
      database,
      logger: false,
    });
    await app.ready();
    const signUp = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: {
        email: "bench@example.com",
        password: "bench-pass",
        given_name: "Bench",
        family_name: "Member",
        waiver_accepted: true,
      },
    });
    const token = signUp.json().token as string;
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", "x-device": "web" };
    const sessionId = (
      await app.inject({ method: "GET", url: "/v2/workouts/start_session/bench-workout", headers })
    ).json().session_id as string;
    const now = Date.now();
    const body = (n: number) =>
      JSON.stringify({
        events: Array.from({ length: BATCH_SIZE }, (_, i) => ({
          event_type: TYPES[i % TYPES.length],
          workout_id: "bench-workout",
          session_id: sessionId,
          position: (n * BATCH_SIZE + i) % 1800,
          occurred_at: new Date(now - 60_000 + i).toISOString(),
        })),
      });
    const post = async (n: number) => {
      const res = await app.inject({ method: "POST", url: "/v2/workouts/video_events", headers, payload: body(n) });
      if (res.statusCode !== 200) throw new Error(`batch ${n}: ${res.statusCode} ${res.body}`);
    };

    for (let n = 0; n < WARMUP_BATCHES; n++) await post(n);
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < BATCHES) {
          const n = next++;
          const t0 = performance.now();
          await post(n);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await database.pool.query<{ n: number }>("select count(*)::int as n from video_events");
    const expected = (WARMUP_BATCHES + BATCHES) * BATCH_SIZE;
    await app.close();
    latencies.sort((a, b) => a - b);
    return [
      {
        metric: `ingest, ${BATCH_SIZE}-event batches over HTTP (PostgreSQL)`,
        value: (BATCHES * BATCH_SIZE) / seconds,
        unit: "events/s",
        budget: { limit: 10_000, better: "higher" },
      },
      {
        metric: "events lost (sent minus counted)",
        value: expected - rows[0]!.n, // count(*) is one row
        unit: "events",
        budget: { limit: 0, better: "lower" },
      },
      { metric: "batch latency, median", value: latencies[Math.floor(latencies.length / 2)]!, unit: "ms" },
      { metric: "batch latency, p99", value: latencies[Math.floor(latencies.length * 0.99)]!, unit: "ms" },
    ];
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const bench: Bench = { name: "video events ingest", run };
export default bench;
