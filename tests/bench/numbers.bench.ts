/**
 * The console's numbers at scale (PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, a scratch database created
 * and dropped here): each numbers read at demo size, then again after 100,000 bench members with 1M play rows
 * (seed/members-bench.ts) and a membership history each (a subscription, its state changes and invoices, a tenth of
 * them cancelled and ended, a tenth with a failed renewal, written here with generate_series). Median over a few
 * requests through the whole app with app.inject, beside the demo-size figure; the budget is 2× that.
 * BENCH_MEMBERS picks another member count.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../../host/server/app.js";
import { systemClock } from "../../host/server/clock.js";
import { loadConfig } from "../../host/server/config.js";
import { connectPostgres, type Db } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { DEMO_PASSWORD } from "../../host/server/db/seed/members.js";
import { seedBenchMembers } from "../../host/server/db/seed/members-bench.js";
import type { Bench, BenchResult } from "./run.js";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
/** Requests per read (after the first, reported apart): a median of several, the machine being shared. */
const RUNS = { small: 9, large: 9 };
const READS = {
  "numbers, 24 months": "/admin/v1/numbers?interval=month&from=2025-01-01&to=2026-12-31&zone=America/Chicago",
  "numbers, 105 weeks": "/admin/v1/numbers?interval=week&from=2025-01-01&to=2026-12-31&zone=America/Chicago",
  "numbers.csv, 24 months": "/admin/v1/numbers.csv?interval=month&from=2025-01-01&to=2026-12-31",
  "plays per workout, 24 months": "/admin/v1/numbers/workouts?interval=month&from=2025-01-01&to=2026-12-31",
} as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Each bench member's membership: started on a day of the last two years (a third with a 7-day trial converted), a
 * paid invoice at the start, renewals every 30 days with their events; every tenth cancelled and ended 60 days in,
 * every tenth (another) with a failed renewal recovered the next day. Answers the rows written.
 */
async function seedBenchMemberships(db: Db, now: Date): Promise<number> {
  const pattern = "%@bench.fitkit.dev";
  let rows = 0;
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into subscriptions (user_id, provider, identifier, state, sku, name, base_price, original_purchase_date,
        created_at, updated_at)
      select u.id, 'stripe', 'sb_sub_bench_' || u.id, case when n % 10 = 0 then 'expired' else 'active' end,
        '1month_trial0-R-SB', 'Bench', 1999, ${now}::timestamptz - (n % 700) * interval '1 day',
        ${now}::timestamptz - (n % 700) * interval '1 day', ${now}
      from (select id, row_number() over (order by email) as n from users where email like ${pattern}) u`.execute(trx);
    const subs = sql`(select s.id, s.user_id, s.created_at as t0, row_number() over (order by s.id) as n
      from subscriptions s where s.identifier like 'sb_sub_bench_%') b`;
    const events = await sql`
      insert into subscription_events (subscription_id, user_id, actor, action, from_state, to_state, created_at)
      select id, user_id, 'bench', 'created', null, case when n % 3 = 0 then 'trial' else 'active' end, t0 from ${subs}
      union all
      select id, user_id, 'bench', 'trial_converted', 'trial', 'active', t0 + interval '7 days' from ${subs}
        where n % 3 = 0 and t0 + interval '7 days' < ${now}
      union all
      select id, user_id, 'bench', 'canceled', 'active', 'canceled', t0 + interval '20 days' from ${subs}
        where n % 10 = 0
      union all
      select id, user_id, 'bench', 'expired', 'canceled', 'expired', t0 + interval '60 days' from ${subs}
        where n % 10 = 0
      union all
      select id, user_id, 'bench', 'renewed', 'active', 'active', t0 + k * interval '30 days' from ${subs}
        cross join generate_series(1, 24) as k
        where n % 10 <> 0 and n % 10 <> 5 and t0 + k * interval '30 days' < ${now}
      union all
      select id, user_id, 'bench', 'payment_failed', 'active', 'past_due', t0 + interval '30 days' from ${subs}
        where n % 10 = 5 and t0 + interval '31 days' < ${now}
      union all
      select id, user_id, 'bench', 'payment_recovered', 'past_due', 'active', t0 + interval '31 days' from ${subs}
        where n % 10 = 5 and t0 + interval '31 days' < ${now}`.execute(trx);
    const invoices = await sql`
      insert into invoices (subscription_id, user_id, sku, period_start, period_end, base_amount, discount_amount,
        amount, currency, status, created_at)
      select subscription_id, user_id, '1month_trial0-R-SB', created_at, created_at + interval '30 days', 1999, 0,
        1999, 'USD', case when action = 'payment_failed' then 'failed' else 'paid' end, created_at
      from subscription_events
      where actor = 'bench' and action in ('trial_converted', 'renewed', 'payment_failed', 'payment_recovered')
        or (actor = 'bench' and action = 'created' and to_state = 'active')`.execute(trx);
    rows = Number(events.numAffectedRows ?? 0) + Number(invoices.numAffectedRows ?? 0);
  });
  return rows;
}

async function run(): Promise<BenchResult[]> {
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `fitkit_bench_numbers_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = connectPostgres(dbUrl.toString(), 10);
  try {
    await migrate(database.db);
    await seed(database.db, { clock: systemClock }, seedSteps({ demo: true }));
    const config = { ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent", DATABASE_URL: "" }), logLevel: "silent" };
    const app = await buildApp({ config, database, logger: false });
    try {
      // Signed in afresh for each read: at scale the reads outlast an access token.
      const signIn = async () => {
        const res = await app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email: "admin@demo.fitkit.dev", password: DEMO_PASSWORD },
        });
        if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
        return { authorization: `Bearer ${res.json().token as string}` };
      };
      // The first request of each read is not in the median: after a bulk load it brings the zone's days up to date
      // (services/numbers-days.ts), so it is reported on its own.
      const firsts: Record<string, number> = {};
      const read = async (runs: number) => {
        const out: Record<string, number> = {};
        for (const [label, path] of Object.entries(READS)) {
          const headers = await signIn();
          const times: number[] = [];
          for (let i = 0; i < runs + 1; i++) {
            const t0 = performance.now();
            const res = await app.inject({ method: "GET", url: path, headers });
            if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
            if (i >= 1) times.push(performance.now() - t0);
            else firsts[label] = performance.now() - t0;
          }
          out[label] = median(times);
          console.log(`  ${label}: ${out[label].toFixed(1)} ms`);
        }
        return out;
      };
      const small = await read(RUNS.small);
      const t0 = performance.now();
      const plays = await seedBenchMembers(database.db, systemClock.now(), MEMBERS);
      const history = await seedBenchMemberships(database.db, systemClock.now());
      const seedMs = performance.now() - t0;
      // What an operator does after a bulk load (see scale.bench.ts).
      await sql`vacuum (analyze) workout_sessions, users, subscriptions, subscription_events, invoices`.execute(
        database.db,
      );
      await sql`checkpoint`.execute(database.db);
      const large = await read(RUNS.large);
      const label = `${MEMBERS / 1000}k members, ${(plays + history) / 1e6}M history rows`;
      return [
        { metric: `PostgreSQL: seeding ${label}`, value: seedMs / 1000, unit: "s" },
        ...Object.keys(READS).map((read) => ({
          metric: `PostgreSQL: first ${read} after seeding (days brought up to date)`,
          value: firsts[read]! / 1000,
          unit: "s",
        })),
        ...Object.keys(READS).map((read) => ({
          metric: `PostgreSQL: ${read} at ${label}`,
          value: large[read]!,
          unit: "ms",
          compare: { label: "demo size", value: small[read]! },
          budget: { limit: 2 * small[read]!, better: "lower" as const },
        })),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export default { name: `the console's numbers with ${MEMBERS / 1000}k members beside demo size`, run } satisfies Bench;
