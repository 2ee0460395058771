/**
 * Writes on PGlite beside PostgreSQL, through the whole HTTP pipeline of the real server: 100 members book at once
 * across 20 live classes (each member one class, 5 spots a class, so every booking succeeds and the classes end
 * exactly full), then the database is checked (booked never above capacity, booked equal to the active reservations,
 * no member twice in a class). Then video-event ingest: 40 batches of 500 events, 4 in flight, and the lag from the
 * last batch's answer until a read sees every event (no GET stats endpoint reads video_events, so the read is a
 * count on the server's own pool). Stats are computed from completions, not from events, so once half the batches
 * are answered the member also completes the session (POST /v2/workouts/end_session; the member watched the whole
 * video first, an ordinary player's progress events, since completion counts time watched) while the rest are still in
 * flight, and the lag from that answer until GET /stats/v2/workouts counts one more completion is measured too.
 * PostgreSQL runs on a throwaway database on BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server),
 * created and dropped here.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildApp } from "../../host/server/app.js";
import { systemClock } from "../../host/server/clock.js";
import { loadConfig } from "../../host/server/config.js";
import { connectPglite, connectPostgres, type DatabaseHandle } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { watchEvents } from "../api/watch-events.js";
import type { Bench, BenchResult } from "./run.js";

const MEMBERS = 100;
const CLASSES = 20;
const CAPACITY = MEMBERS / CLASSES;
const BATCHES = 40;
const BATCH_SIZE = 500;
const IN_FLIGHT = 4;
const TYPES = ["progress", "progress", "play", "pause", "seek", "progress", "muted", "unmuted"];

interface Figures {
  bookingsPerSecond: number;
  bookingP50: number;
  bookingP99: number;
  overCapacity: number;
  miscounted: number;
  doubleBooked: number;
  failedBookings: number;
  eventsPerSecond: number;
  lagMs: number;
  eventsLost: number;
  statsLagMs: number;
  completionsMissing: number;
}

const memberAddress = (i: number) => `198.51.100.${i + 1}`;
const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

async function measure(database: DatabaseHandle): Promise<Figures> {
  await migrate(database.db);
  await seed(database.db, { clock: systemClock }, seedSteps({ demo: false }));
  const trainer = await database.db.selectFrom("trainers").select("id").orderBy("id").executeTakeFirstOrThrow();
  const location = await database.db.selectFrom("locations").select("id").orderBy("id").executeTakeFirstOrThrow();
  const start = Date.now() + 2 * 3_600_000; // inside every location's booking window
  const classIds = Array.from({ length: CLASSES }, (_, i) => `bench-class-${i}`);
  await database.db
    .insertInto("live_classes")
    .values(
      classIds.map((id, i) => ({
        id,
        location_id: location.id,
        template_id: null,
        trainer_id: trainer.id,
        class_type: "Strength & Sculpt",
        description: "Bench class",
        equipment: ["Mat"],
        start_at: new Date(start + i * 600_000),
        end_at: new Date(start + i * 600_000 + 45 * 60_000),
        duration: 45,
        capacity: CAPACITY,
        booked: 0,
        zoom_link: null,
        cancelled_at: null,
      })),
    )
    .execute();
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
    config: { ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent", DATABASE_URL: "" }), logLevel: "silent" },
    database,
    logger: false,
  });
  await app.ready();
  try {
    const tokens: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: memberAddress(i), // sign-ups are limited per address; these are 100 members' own
        payload: {
          email: `bench${i}@example.com`,
          password: "bench-pass",
          given_name: "Bench",
          family_name: `Member ${i}`,
          waiver_accepted: true,
        },
      });
      if (res.statusCode !== 200) throw new Error(`sign-up ${i}: ${res.statusCode} ${res.body}`);
      tokens.push(res.json().token as string);
      // Live classes are booked by members: each holds a VIP membership (no renewals to bill during the run).
      const now = new Date();
      await database.db
        .insertInto("subscriptions")
        .values({
          user_id: (res.json().user as { id: string }).id,
          provider: "stripe",
          identifier: `bench_vip_${i}`,
          state: "vip",
          sku: null,
          name: "VIP Membership",
          original_purchase_date: now,
          current_period_start: now,
          expiration_date: new Date(now.getTime() + 365 * 86_400_000),
        })
        .execute();
    }

    // Bookings: all at once.
    const latencies: number[] = [];
    let failedBookings = 0;
    const booked = performance.now();
    await Promise.all(
      tokens.map(async (token, i) => {
        const t0 = performance.now();
        const res = await app.inject({
          method: "POST",
          url: "/studios/reservation/",
          remoteAddress: memberAddress(i),
          headers: { authorization: `Bearer ${token}` },
          payload: { class_id: classIds[i % CLASSES] },
        });
        latencies.push(performance.now() - t0);
        if (res.statusCode !== 200 && failedBookings++ === 0) console.log(`  first refused booking: ${res.body}`);
      }),
    );
    const bookingSeconds = (performance.now() - booked) / 1000;
    latencies.sort((a, b) => a - b);
    const { rows: classes } = await database.pool.query<{ booked: number; capacity: number; active: number }>(
      `select c.booked, c.capacity,
              (select count(*)::int from reservations r where r.class_id = c.id and r.status <> 'standard cancel') as active
         from live_classes c where c.id like 'bench-class-%'`,
    );
    const { rows: doubles } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from (select user_id, class_id from reservations where status <> 'standard cancel'
         group by user_id, class_id having count(*) > 1) d`,
    );

    // Video events: one member's session, batches in flight.
    const headers = { authorization: `Bearer ${tokens[0]}`, "content-type": "application/json", "x-device": "web" };
    const session = await app.inject({ method: "GET", url: "/v2/workouts/start_session/bench-workout", headers });
    const sessionId = session.json().session_id as string;
    const totalCompleted = async () => {
      const res = await app.inject({ method: "GET", url: "/stats/v2/workouts", headers });
      if (res.statusCode !== 200) throw new Error(`stats: ${res.statusCode} ${res.body}`);
      return res.json().data.stats.total_completed as number;
    };
    const completedBefore = await totalCompleted();
    // The play itself, watched through and ending before the bench's own events are stamped.
    const watched = watchEvents("bench-workout", sessionId, 0, 1800, Date.now() - 120_000);
    const watch = await app.inject({
      method: "POST",
      url: "/v2/workouts/video_events",
      headers,
      payload: { events: watched },
    });
    if (watch.statusCode !== 200) throw new Error(`watch: ${watch.statusCode} ${watch.body}`);
    // Completes the session the events belong to, then reads stats until they count it; started halfway through
    // the ingest, so both the completion and the reads queue behind event batches.
    const completeAndWatchStats = async () => {
      const res = await app.inject({
        method: "POST",
        url: "/v2/workouts/end_session/bench-workout",
        headers,
        payload: { session_id: sessionId, workout_completed_positions: 1800 }, // the whole video
      });
      if (res.statusCode !== 200 || !res.json().is_complete)
        throw new Error(`end_session: ${res.statusCode} ${res.body}`);
      const completed = performance.now();
      let shown = completedBefore;
      for (let tries = 0; tries < 100 && shown < completedBefore + 1; tries++) shown = await totalCompleted();
      return { statsLagMs: performance.now() - completed, completionsMissing: completedBefore + 1 - shown };
    };
    let halfway = () => {};
    const completion = new Promise<void>((resolve) => (halfway = resolve)).then(completeAndWatchStats);
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
    const payloads = Array.from({ length: BATCHES }, (_, n) => body(n));
    let next = 0;
    let done = 0;
    const ingest = performance.now();
    const [answered, { statsLagMs, completionsMissing }] = await Promise.all([
      Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < BATCHES) {
            const n = next++;
            const res = await app.inject({
              method: "POST",
              url: "/v2/workouts/video_events",
              headers,
              payload: payloads[n],
            });
            if (res.statusCode !== 200) throw new Error(`batch ${n}: ${res.statusCode} ${res.body}`);
            if (++done === BATCHES / 2) halfway();
          }
        }),
      ).then(() => performance.now()),
      completion,
    ]);
    const expected = BATCHES * BATCH_SIZE;
    let counted = 0;
    const countedBefore = watched.length;
    for (let tries = 0; tries < 100 && counted < expected; tries++) {
      const { rows } = await database.pool.query<{ n: number }>("select count(*)::int as n from video_events");
      counted = rows[0]!.n - countedBefore; // count(*) is one row
    }
    const lagMs = performance.now() - answered;

    return {
      bookingsPerSecond: MEMBERS / bookingSeconds,
      bookingP50: pick(latencies, 0.5),
      bookingP99: pick(latencies, 0.99),
      overCapacity: classes.filter((c) => c.booked > c.capacity).length,
      miscounted: classes.filter((c) => c.booked !== c.active).length,
      doubleBooked: doubles[0]!.n,
      failedBookings,
      eventsPerSecond: expected / ((answered - ingest) / 1000),
      lagMs,
      eventsLost: expected - counted,
      statsLagMs,
      completionsMissing,
    };
  } finally {
    await app.close();
  }
}

async function run(): Promise<BenchResult[]> {
  const lite = await connectPglite();
  let pglite: Figures;
  try {
    pglite = await measure(lite);
  } finally {
    await lite.close();
  }

  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `fitkit_bench_writes_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  let postgres: Figures;
  try {
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = connectPostgres(dbUrl.toString(), 10);
    try {
      postgres = await measure(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }

  const side = (label: string, key: keyof Figures, unit: string, budget?: BenchResult["budget"]): BenchResult[] => [
    { metric: `${label} (PGlite)`, value: pglite[key], unit, compare: { label: "PostgreSQL", value: postgres[key] } },
    { metric: `${label} (PostgreSQL)`, value: postgres[key], unit, ...(budget ? { budget } : {}) },
  ];
  const zero = { limit: 0, better: "lower" } as const;
  return [
    ...side(`bookings, ${MEMBERS} members at once over ${CLASSES} classes`, "bookingsPerSecond", "bookings/s"),
    ...side("booking latency, median", "bookingP50", "ms"),
    ...side("booking latency, p99", "bookingP99", "ms"),
    { metric: "bookings refused (PGlite)", value: pglite.failedBookings, unit: "bookings", budget: zero },
    { metric: "bookings refused (PostgreSQL)", value: postgres.failedBookings, unit: "bookings", budget: zero },
    ...[pglite, postgres].flatMap((f, i) => {
      const db = i ? "PostgreSQL" : "PGlite";
      return [
        { metric: `classes booked over capacity (${db})`, value: f.overCapacity, unit: "classes", budget: zero },
        { metric: `classes whose count ≠ reservations (${db})`, value: f.miscounted, unit: "classes", budget: zero },
        { metric: `members booked twice into a class (${db})`, value: f.doubleBooked, unit: "pairs", budget: zero },
        { metric: `video events lost (${db})`, value: f.eventsLost, unit: "events", budget: zero },
        {
          metric: `completions missing from stats (${db})`,
          value: f.completionsMissing,
          unit: "completions",
          budget: zero,
        },
      ];
    }),
    ...side(`video-event ingest, ${BATCH_SIZE}-event batches, ${IN_FLIGHT} in flight`, "eventsPerSecond", "events/s"),
    ...side("lag, last batch answered → all events readable", "lagMs", "ms"),
    ...side(
      "lag, completing request answered → stats show the completion (during video-event ingest)",
      "statsLagMs",
      "ms",
    ),
  ];
}

export default { name: "writes on PGlite beside PostgreSQL: bookings and video events", run } satisfies Bench;
