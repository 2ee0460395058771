/**
 * Bench members for `npm run seed:bench -- --members N`: N members (one shared password hash, emails
 * `member-<n>@bench.fitkit.dev`) with ten completed sessions each, spread over the last two years across the
 * catalogue's workouts (1M history rows at 100k members). Generated inside the database with generate_series, so a
 * million rows take one statement per table; running it again replaces the earlier bench members and their history.
 */
import { sql } from "kysely";
import { hashPassword } from "../../auth/passwords.js";
import type { Db } from "../index.js";

const BENCH_MEMBER_DOMAIN = "bench.fitkit.dev";
const BENCH_MEMBER_PASSWORD = "fitkit-bench";
export const SESSIONS_PER_MEMBER = 10;

/** Replaces the bench members with `count` new ones and their history; answers how many history rows it wrote. */
export async function seedBenchMembers(db: Db, now: Date, count: number): Promise<number> {
  const hash = await hashPassword(BENCH_MEMBER_PASSWORD);
  const pattern = `%@${BENCH_MEMBER_DOMAIN}`;
  return db.transaction().execute(async (trx) => {
    const old = trx.selectFrom("users").select("id").where("email", "like", pattern);
    await trx.deleteFrom("workout_sessions").where("user_id", "in", old).execute();
    await trx.deleteFrom("users").where("email", "like", pattern).execute();
    if (!count) return 0;
    await sql`
      insert into users (email, password_hash, given_name, family_name, waiver_accepted_at, created_at, updated_at)
      select 'member-' || g || '@' || ${BENCH_MEMBER_DOMAIN}, ${hash}, 'Bench', 'Member ' || g, ${now}, ${now}, ${now}
      from generate_series(1, ${count}::int) as g`.execute(trx);
    const result = await sql`
      with pool as (
        select array_agg(id order by id) as ids, count(*)::int as n from workouts where type = 'workout'
      ), members as (
        select id, row_number() over (order by email) as rn from users where email like ${pattern}
      )
      insert into workout_sessions (user_id, workout_id, started_at, ended_at, is_complete, completed_at, minutes,
        position, device)
      select m.id, pool.ids[1 + ((m.rn * 7919 + k * 104729) % pool.n)], t, t + interval '30 minutes', true,
        t + interval '30 minutes', 30, 1800, 'web'
      from members m cross join pool cross join generate_series(0, ${SESSIONS_PER_MEMBER - 1}::int) as k
        cross join lateral (select ${now}::timestamptz - ((m.rn * 31 + k * 73) % 730) * interval '1 day'
          - ((m.rn + k) % 24) * interval '1 hour' as t) as at`.execute(trx);
    // Planner statistics for the bulk-loaded tables now: PGlite runs no autovacuum to gather them later.
    await sql`analyze users`.execute(trx);
    await sql`analyze workout_sessions`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
