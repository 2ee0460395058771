import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/index.js";

/**
 * The console's numbers per local day of a time zone (107_numbers_days.sql), computed from the history and kept up to
 * date from the change log: a zone's days are built at the first read in that zone; each later read first recomputes,
 * from the history as it is then, every day that a change logged since the last read touched (the hour of a sign-up,
 * play or refund; every day of a membership whose state changes or invoices changed). A report then sums days
 * instead of reading every row of the history, and says exactly what reading the history would.
 */

/** Advisory lock class of a zone's refresh (one refresh of a zone at a time; other zones go on). */
const LOCK_CLASS = 727_301;

/** Which days a recompute covers: listed local days, or every day of the history. */
type Scope = { days: string[] } | "all";

export async function refreshNumbersDays(db: Db, zone: string): Promise<void> {
  // Nothing logged since the zone's watermark (the newest log row is older): its days say what the history says.
  const { rows } = await sql<{ fresh: boolean }>`
    select z.watermark > coalesce((select c.xid from numbers_changes c order by c.xid desc limit 1), '0'::xid8)
      as fresh
    from numbers_zones z where z.zone = ${zone}`.execute(db);
  if (rows[0]?.fresh) return;
  const rebuilt = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${zone}))`.execute(trx);
    const kept = await trx.selectFrom("numbers_zones").select("watermark").where("zone", "=", zone).executeTakeFirst();
    // Every transaction older than the mark has ended: its changes are in the history read below, its log rows too.
    const { mark } = (
      await sql<{ mark: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as mark`.execute(trx)
    ).rows[0]!;
    let scope: Scope = "all";
    if (kept) {
      const days = await changedDays(trx, zone, kept.watermark);
      if (!days.length) return false;
      const { n } = await trx
        .selectFrom("numbers_days")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("zone", "=", zone)
        .executeTakeFirstOrThrow();
      // Most days changed (a bulk load): building them all again at once is quicker than day by day.
      if (days.length * 2 <= Number(n)) scope = { days };
      await trx.updateTable("numbers_zones").set({ watermark: mark }).where("zone", "=", zone).execute();
    } else await trx.insertInto("numbers_zones").values({ zone, watermark: mark }).execute();
    await recompute(trx, zone, scope);
    // Log rows every zone has applied are done with.
    await sql`delete from numbers_changes where xid < (select min(watermark) from numbers_zones)`.execute(trx);
    return scope === "all";
  });
  // Rows replaced by a whole build are cleared away (and the planner told the tables' new sizes) before reads use them.
  if (rebuilt) await sql`vacuum (analyze) numbers_days, numbers_day_money, numbers_workout_days`.execute(db);
}

/** Drops every zone's days (and the log): each is built again from the history at its next read. */
export async function forgetNumbersDays(db: Db): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const zones = await trx.deleteFrom("numbers_zones").returning("zone").execute();
    await trx.deleteFrom("numbers_changes").execute();
    return zones.map((z) => z.zone);
  });
}

/** The local days in `zone` touched by changes logged since `watermark`, as YYYY-MM-DD. */
async function changedDays(db: Db, zone: string, watermark: string): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    with changed as (select hour, subscription_id from numbers_changes where xid >= ${watermark}::xid8),
    spans as (
      select hour as first, hour + interval '1 hour' - interval '1 microsecond' as last
      from changed where hour is not null
      union all
      select e.created_at, e.created_at from subscription_events e
      where e.subscription_id in (select subscription_id from changed)
      union all
      select i.created_at, i.created_at from invoices i where i.subscription_id in (select subscription_id from changed)
    )
    select distinct to_char(d, 'YYYY-MM-DD') as day
    from spans, generate_series((first at time zone ${zone})::date, (last at time zone ${zone})::date, interval '1 day') d
    order by 1`.execute(db);
  return rows.map((r) => r.day);
}

/** Replaces the zone's rows for the scope's days with what the history says now. */
async function recompute(db: Db, zone: string, scope: Scope): Promise<void> {
  const listed = scope === "all" ? null : scope.days.join(",");
  // The days as instant ranges in the zone (none when every day is recomputed: a row's day is then computed).
  const days =
    listed === null
      ? sql`days as (select null::date as day where false)`
      : sql`days as (
          select d as day, d::timestamp at time zone ${zone} as lo, (d + 1)::timestamp at time zone ${zone} as hi
          from unnest(string_to_array(${listed}, ',')::date[]) as d)`;
  /** A FROM-clause join giving `k.day`, the local day of `at`, limited to the scope's days. */
  const dayOf = (at: RawBuilder<unknown>) =>
    listed === null
      ? sql`cross join lateral (select (${at} at time zone ${zone})::date as day) k`
      : sql`join days k on ${at} >= k.lo and ${at} < k.hi`;
  const inScope = (table: "numbers_days" | "numbers_day_money" | "numbers_workout_days") =>
    listed === null
      ? sql`delete from ${sql.table(table)} where zone = ${zone}`
      : sql`delete from ${sql.table(table)} where zone = ${zone}
          and day = any(string_to_array(${listed}, ',')::date[])`;
  for (const table of ["numbers_days", "numbers_day_money"] as const) await inScope(table).execute(db);

  await sql`
    with ${days},
    -- Each state change on the days, with the class of membership it puts the subscription in and the class before
    -- (its previous change's; none before the first).
    events as (
      select k.day, e.id, e.subscription_id, e.created_at, e.action, numbers_class(e.from_state, e.to_state) as cls
      from subscription_events e ${dayOf(sql`e.created_at`)}
    ),
    changes as (
      select ev.*, numbers_class(p.from_state, p.to_state) as cls_before, p.created_at as before_at
      from events ev
      left join lateral (
        select x.from_state, x.to_state, x.created_at from subscription_events x
        where x.subscription_id = ev.subscription_id and (x.created_at, x.id) < (ev.created_at, ev.id)
        order by x.created_at desc, x.id desc limit 1
      ) p on true
    ),
    membership as (
      select day,
        sum((coalesce(cls, '') in ('paid', 'comped', 'prepaid'))::int - (coalesce(cls_before, '') in ('paid', 'comped', 'prepaid'))::int) as d_active,
        sum((coalesce(cls, '') = 'paid')::int - (coalesce(cls_before, '') = 'paid')::int) as d_paying,
        sum((coalesce(cls, '') = 'comped')::int - (coalesce(cls_before, '') = 'comped')::int) as d_comped,
        sum((coalesce(cls, '') = 'trial')::int - (coalesce(cls_before, '') = 'trial')::int) as d_trials,
        sum((coalesce(cls, '') = 'paused')::int - (coalesce(cls_before, '') = 'paused')::int) as d_paused,
        count(*) filter (where cls = 'trial' and cls_before is null) as trials_started,
        count(*) filter (where cls_before = 'trial' and cls is distinct from 'trial') as trials_ended,
        count(*) filter (where cls_before = 'trial' and action = 'trial_converted') as trials_converted,
        count(*) filter (where cls_before = 'paid' and cls is null) as churned_members
      from changes
      group by day
    ),
    -- Why each churned membership ended: the reason of its last cancellation, 'payment_failed' when renewals kept
    -- failing, 'not_given' otherwise.
    reasons as (
      select day, jsonb_object_agg(reason, n) as cancel_reasons
      from (
        select c.day, coalesce(
            case when c.action = 'expired_unpaid' then 'payment_failed' end,
            (select x.details ->> 'reason' from subscription_events x
              where x.subscription_id = c.subscription_id and x.action = 'canceled' and x.created_at <= c.created_at
              order by x.created_at desc, x.id desc limit 1),
            'not_given') as reason,
          count(*) as n
        from changes c
        where c.cls_before = 'paid' and c.cls is null
        group by 1, 2
      ) r
      group by day
    ),
    -- The monthly recurring revenue a subscription has after a change, per currency: its last paid invoice in that
    -- currency (discounts included) normalised to a month, while in the paid class. A change moves MRR by what it
    -- has after less what it had after the change before.
    mrr as (
      select c.day, a.currency, a.monthly as d_mrr, 0::numeric as churned_mrr
      from changes c cross join lateral (${lastPrice(sql`c.subscription_id`, sql`c.created_at`)}) a
      where c.cls = 'paid'
      union all
      select c.day, b.currency, -b.monthly, case when c.cls is null then b.monthly else 0 end
      from changes c cross join lateral (${lastPrice(sql`c.subscription_id`, sql`c.before_at`)}) b
      where c.cls_before = 'paid'
    ),
    refunded as (
      select k.day, r.currency, count(*) as refunds, sum(r.amount) as refunded_amount
      from refunds r ${dayOf(sql`r.created_at`)}
      group by 1, 2
    ),
    -- A failed payment: a period of a subscription whose charge failed (retries of the same period are one), on the
    -- day of its first failure; recovered when that period was paid later.
    failures as (
      select i.subscription_id, i.period_start, i.currency, min(i.created_at) as failed_at,
        (array_agg(i.amount order by i.created_at))[1] as amount
      from invoices i
      where i.status = 'failed' and ${
        listed === null
          ? sql`true`
          : sql`i.subscription_id in (select f.subscription_id from invoices f
              join days k on f.created_at >= k.lo and f.created_at < k.hi where f.status = 'failed')`
      }
      group by 1, 2, 3
    ),
    failed as (
      select k.day, f.currency, count(*) as failed_payments, sum(f.amount) as failed_amount,
        count(p.id) as recovered_payments, coalesce(sum(p.amount), 0) as recovered_amount
      from failures f ${dayOf(sql`f.failed_at`)}
      left join lateral (
        select i.id, i.amount from invoices i
        where i.subscription_id = f.subscription_id and i.period_start = f.period_start and i.status = 'paid'
          and i.created_at > f.failed_at
        order by i.created_at limit 1
      ) p on true
      group by 1, 2
    ),
    money as (
      insert into numbers_day_money (zone, day, currency, d_mrr, churned_mrr, refunds, refunded_amount,
        failed_payments, failed_amount, recovered_payments, recovered_amount)
      select ${zone}, day, currency, sum(d_mrr), sum(churned_mrr), sum(refunds), sum(refunded_amount),
        sum(failed_payments), sum(failed_amount), sum(recovered_payments), sum(recovered_amount)
      from (
        select day, currency, d_mrr, churned_mrr, 0 as refunds, 0 as refunded_amount, 0 as failed_payments,
          0 as failed_amount, 0 as recovered_payments, 0 as recovered_amount
        from mrr
        union all
        select day, currency, 0, 0, refunds, refunded_amount, 0, 0, 0, 0 from refunded
        union all
        select day, currency, 0, 0, 0, 0, failed_payments, failed_amount, recovered_payments, recovered_amount
        from failed
      ) x
      group by day, currency
    ),
    sign_ups as (
      select k.day, count(*) as sign_ups from users u ${dayOf(sql`u.created_at`)} group by 1
    ),
    -- Plays on the day they started (and how many of those were completed, whenever), completions on the day.
    plays as (
      select k.day, count(*) as plays, count(*) filter (where s.is_complete) as completed_plays
      from workout_sessions s ${dayOf(sql`s.started_at`)}
      group by 1
    ),
    completions as (
      select k.day, count(*) as completions
      from workout_sessions s ${dayOf(sql`s.completed_at`)}
      where s.is_complete
      group by 1
    ),
    touched as (
      select day from membership union select day from sign_ups union select day from plays
      union select day from completions
    )
    insert into numbers_days (zone, day, d_active, d_paying, d_comped, d_trials, d_paused, trials_started,
      trials_ended, trials_converted, churned_members, cancel_reasons, sign_ups, plays, completed_plays, completions)
    select ${zone}, t.day, coalesce(m.d_active, 0), coalesce(m.d_paying, 0), coalesce(m.d_comped, 0),
      coalesce(m.d_trials, 0), coalesce(m.d_paused, 0), coalesce(m.trials_started, 0), coalesce(m.trials_ended, 0),
      coalesce(m.trials_converted, 0), coalesce(m.churned_members, 0), coalesce(r.cancel_reasons, '{}'),
      coalesce(s.sign_ups, 0), coalesce(p.plays, 0), coalesce(p.completed_plays, 0), coalesce(c.completions, 0)
    from touched t
    left join membership m on m.day = t.day
    left join reasons r on r.day = t.day
    left join sign_ups s on s.day = t.day
    left join plays p on p.day = t.day
    left join completions c on c.day = t.day
  `.execute(db);

  // Plays per workout by day, then the plays before each month's first day from the first listed day's month on: that
  // month's own row (untouched: it counts days before it) plus the months' plays, running.
  await inScope("numbers_workout_days").execute(db);
  await sql`
    with ${days}
    insert into numbers_workout_days (zone, day, workout_id, plays, completed_plays)
    select ${zone}, k.day, s.workout_id, count(*), count(*) filter (where s.is_complete)
    from workout_sessions s ${dayOf(sql`s.started_at`)}
    group by 2, 3`.execute(db);
  const since =
    scope === "all"
      ? sql`(select date_trunc('month', min(day))::date from numbers_workout_days where zone = ${zone})`
      : sql`date_trunc('month', ${scope.days[0]!}::date)::date`;
  await sql`
    delete from numbers_workout_months where zone = ${zone} and ${scope === "all" ? sql`true` : sql`month > ${since}`}
  `.execute(db);
  await sql`
    with base as (
      select workout_id, plays_before, completed_before from numbers_workout_months
      where zone = ${zone} and month = ${since}
    ),
    sums as (
      select date_trunc('month', day)::date as month, workout_id, sum(plays) as plays,
        sum(completed_plays) as completed
      from numbers_workout_days
      where zone = ${zone} and day >= ${since}
      group by 1, 2
    ),
    months as (
      select m::date as month from generate_series(${since}, (select max(month) from sums), interval '1 month') m
    ),
    workouts as (select workout_id from base union select workout_id from sums),
    running as (
      select (m.month + interval '1 month')::date as month, w.workout_id,
        coalesce(b.plays_before, 0) + sum(coalesce(s.plays, 0)) over o as plays_before,
        coalesce(b.completed_before, 0) + sum(coalesce(s.completed, 0)) over o as completed_before
      from months m cross join workouts w
      left join sums s on s.month = m.month and s.workout_id = w.workout_id
      left join base b on b.workout_id = w.workout_id
      window o as (partition by w.workout_id order by m.month)
    )
    insert into numbers_workout_months (zone, month, workout_id, plays_before, completed_before)
    select ${zone}, month, workout_id, plays_before, completed_before from running where plays_before > 0
  `.execute(db);
}

/**
 * A subscription's last paid invoice at or before `at` in each currency, for a recurring product, as what it brings
 * in a month (a 12-month plan's price / 12, a week's × 52 / 12).
 */
function lastPrice(subscription: RawBuilder<unknown>, at: RawBuilder<unknown>) {
  return sql`
    select distinct on (i.currency) i.currency,
      i.amount::numeric * case pr.interval_type
        when 'month' then 1.0 / pr.interval
        when 'week' then 52.0 / 12 / pr.interval
        when 'day' then 365.0 / 12 / pr.interval
        else 0 end as monthly
    from invoices i join products pr on pr.sku = i.sku
    where i.subscription_id = ${subscription} and i.status = 'paid' and i.created_at <= ${at}
      and pr.kind = 'recurring' and pr.interval > 0
    order by i.currency, i.created_at desc`;
}
