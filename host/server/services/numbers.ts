import { sql, type RawBuilder } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest } from "../errors.js";
import { refreshNumbersDays } from "./numbers-days.js";
import { addDays, localDay, validZone } from "./zoned-time.js";
import { type Answer, exactObject, strictObject } from "../schemas.js";

/**
 * The business's numbers by week or month (docs/operations.md, "The numbers"), computed from history: memberships
 * from subscription_events (each event's from and to state), money from invoices and refunds, plays from
 * workout_sessions, summed from the zone's days (numbers-days.ts: each recomputed from the history when a change
 * touches it, brought up to date before every read); live classes from reservations and waitlist entries. No stored
 * counter is read, so a figure is the same whenever it is asked.
 */

export type NumbersUnit = "week" | "month";

/** At most two years of intervals in one answer. */
const MAX_INTERVALS: Record<NumbersUnit, number> = { week: 105, month: 24 };

export interface NumbersQuery {
  /** First local day (YYYY-MM-DD) in `zone`; its week or month is the first interval. */
  from?: string | undefined;
  /** Last local day; its week or month is the last interval. Defaults to today in `zone`. */
  to?: string | undefined;
  interval?: NumbersUnit | undefined;
  zone?: string | undefined;
  currency?: string | undefined;
}

const string = { type: "string" } as const;
const count = { type: "integer", minimum: 0 } as const;
const money = { type: "integer", description: "minor units (cents) of the report's currency" } as const;
const fraction = { type: ["number", "null"], description: "0 to 1; null when nothing to divide by" } as const;
export const localDaySchema = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "YYYY-MM-DD" } as const;

/** One week or month: `start` is its first local day (a Monday for a week), `end` the next interval's. */
const figures = {
  start: localDaySchema,
  end: localDaySchema,
  active_members: count,
  paying_members: count,
  comped_members: count,
  trials: count,
  paused: count,
  mrr: money,
  arr: money,
  sign_ups: count,
  trials_started: count,
  trials_ended: count,
  trials_converted: count,
  trial_conversion_rate: fraction,
  churned_members: count,
  member_churn_rate: fraction,
  churned_mrr: money,
  revenue_churn_rate: fraction,
  cancel_reasons: {
    type: "array",
    items: exactObject({ reason: string, count }),
  },
  refunds: count,
  refunded_amount: money,
  failed_payments: count,
  failed_amount: money,
  recovered_payments: count,
  recovered_amount: money,
  plays: count,
  completions: count,
  completion_rate: fraction,
  classes_run: count,
  class_capacity: count,
  class_bookings: count,
  class_fill_rate: fraction,
  waitlist_joined: count,
  waitlist_promoted: count,
  waitlist_conversion_rate: fraction,
} as const;

/** The report: every figure of each week or month in the range, in the zone and currency asked. */
export const numbersReportSchema = exactObject({
  interval: { type: "string", enum: ["week", "month"] },
  zone: string,
  currency: string,
  from: localDaySchema,
  to: localDaySchema,
  intervals: {
    type: "array",
    items: strictObject(figures, Object.keys(figures) as (keyof typeof figures)[]),
  },
});

export type NumbersReport = Answer<typeof numbersReportSchema>;
export type IntervalNumbers = NumbersReport["intervals"][number];
type CancelReasonCount = IntervalNumbers["cancel_reasons"][number];

/** Plays and completions of one workout in the range. */
export const workoutNumbersSchema = exactObject({
  workout_id: string,
  name: string,
  plays: count,
  completions: count,
  completion_rate: fraction,
});
export type WorkoutNumbers = Answer<typeof workoutNumbersSchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

function localDate(value: string, field: string): string {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!DATE_ONLY.test(value) || !Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
    throw badRequest(`${field} must be a date (YYYY-MM-DD)`);
  if (value < "2000-01-01" || value > "2999-12-31") throw badRequest(`${field} must be between 2000 and 2999`);
  return value;
}

/** First local day of the week (Monday) or month holding `day`. */
function intervalStart(day: string, unit: NumbersUnit): string {
  if (unit === "month") return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function nextStart(start: string, unit: NumbersUnit): string {
  if (unit === "week") return addDays(start, 7);
  const [y, m] = start.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

export interface ResolvedRange {
  unit: NumbersUnit;
  zone: string;
  currency: string;
  from: string;
  to: string;
  /** Local first days of each interval, oldest first. */
  starts: string[];
}

/** The query's intervals (defaults: the last 12 weeks or 12 months to today in UTC), or a 400 saying what is wrong. */
function resolveRange(query: NumbersQuery, now: Date): ResolvedRange {
  const unit = query.interval ?? "month";
  const zone = query.zone ?? "UTC";
  if (!validZone(zone)) throw badRequest("zone must be an IANA time zone, e.g. America/Chicago");
  const currency = query.currency ?? "USD";
  if (!CURRENCY.test(currency)) throw badRequest("currency must be a three-letter code, e.g. USD");
  const to = query.to ? localDate(query.to, "to") : localDay(now, zone);
  const lastStart = intervalStart(to, unit);
  let from: string;
  if (query.from) from = localDate(query.from, "from");
  else {
    from = lastStart;
    for (let i = 1; i < 12; i++) from = unit === "week" ? addDays(from, -7) : intervalStart(addDays(from, -1), unit);
  }
  if (from > to) throw badRequest("from must not be after to");
  const starts: string[] = [];
  for (let s = intervalStart(from, unit); s <= lastStart; s = nextStart(s, unit)) {
    starts.push(s);
    if (starts.length > MAX_INTERVALS[unit])
      throw badRequest(`At most ${MAX_INTERVALS[unit]} ${unit}s at once: narrow from and to`);
  }
  return { unit, zone, currency, from, to, starts };
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

interface Row {
  b: string;
  active_members: string | number;
  paying_members: string | number;
  comped_members: string | number;
  trials: string | number;
  paused: string | number;
  paying_at_start: string | number;
  mrr: string | number;
  mrr_at_start: string | number;
  sign_ups: string | number;
  trials_started: string | number;
  trials_ended: string | number;
  trials_converted: string | number;
  churned_members: string | number;
  churned_mrr: string | number;
  cancel_reasons: { reason: string; count: number }[] | string | null;
  refunds: string | number;
  refunded_amount: string | number;
  failed_payments: string | number;
  failed_amount: string | number;
  recovered_payments: string | number;
  recovered_amount: string | number;
  plays: string | number;
  completions: string | number;
  completed_plays: string | number;
  classes_run: string | number;
  class_capacity: string | number;
  class_bookings: string | number;
  waitlist_joined: string | number;
  waitlist_promoted: string | number;
}

export class NumbersService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async report(query: NumbersQuery): Promise<NumbersReport> {
    const now = this.deps.clock.now();
    const range = resolveRange(query, now);
    const { unit, zone, currency, starts } = range;
    await refreshNumbersDays(this.deps.db, zone);
    const first = starts[0]!;
    const end = nextStart(starts[starts.length - 1]!, unit);
    const step = unit === "week" ? sql`interval '1 week'` : sql`interval '1 month'`;
    const trunc = unit === "week" ? sql.lit("week") : sql.lit("month");
    // The bucket of a local day, or of an instant: the local week or month it falls in; anything earlier lands in the
    // bucket before the first, so running sums start from the whole history.
    const bucketOfDay = (day: RawBuilder<unknown>) =>
      sql`greatest(date_trunc(${trunc}, ${day}::timestamp), ${first}::timestamp - ${step})`;
    const bucket = (col: RawBuilder<unknown>) =>
      sql`greatest(date_trunc(${trunc}, ${col} at time zone ${zone}), ${first}::timestamp - ${step})`;
    const at = (local: string) => sql`(${local}::timestamp at time zone ${zone})`;
    const start = at(first);
    const stop = at(end);

    // Memberships, money and plays from the zone's days (numbers-days.ts); live classes from the schedule, since a
    // class counts once it has ended.
    const result = await sql<Row>`
      with buckets as (
        select generate_series(${first}::timestamp - ${step}, ${starts[starts.length - 1]!}::timestamp, ${step}) as b
      ),
      days as (
        select ${bucketOfDay(sql`d.day`)} as b,
          sum(d.d_active) as d_active, sum(d.d_paying) as d_paying, sum(d.d_comped) as d_comped,
          sum(d.d_trials) as d_trials, sum(d.d_paused) as d_paused, sum(d.trials_started) as trials_started,
          sum(d.trials_ended) as trials_ended, sum(d.trials_converted) as trials_converted,
          sum(d.churned_members) as churned_members, sum(d.sign_ups) as sign_ups, sum(d.plays) as plays,
          sum(d.completed_plays) as completed_plays, sum(d.completions) as completions
        from numbers_days d
        where d.zone = ${zone} and d.day < ${end}::date
        group by 1
      ),
      money as (
        select ${bucketOfDay(sql`m.day`)} as b,
          sum(m.d_mrr) as d_mrr, sum(m.churned_mrr) as churned_mrr, sum(m.refunds) as refunds,
          sum(m.refunded_amount) as refunded_amount, sum(m.failed_payments) as failed_payments,
          sum(m.failed_amount) as failed_amount, sum(m.recovered_payments) as recovered_payments,
          sum(m.recovered_amount) as recovered_amount
        from numbers_day_money m
        where m.zone = ${zone} and m.currency = ${currency} and m.day < ${end}::date
        group by 1
      ),
      reasons as (
        select b, json_agg(json_build_object('reason', reason, 'count', n) order by n desc, reason) as cancel_reasons
        from (
          select ${bucketOfDay(sql`d.day`)} as b, r.key as reason, sum(r.value::int) as n
          from numbers_days d cross join lateral jsonb_each_text(d.cancel_reasons) r
          where d.zone = ${zone} and d.day >= ${first}::date and d.day < ${end}::date and d.cancel_reasons <> '{}'
          group by 1, 2
        ) r
        group by b
      ),
      -- Classes that ran (not cancelled, ended by now): seats, and places held by reservations not cancelled.
      classes as (
        select ${bucket(sql.ref("c.start_at"))} as b, count(*) as classes_run, sum(c.capacity) as class_capacity,
          coalesce(sum((select count(*) from reservations r where r.class_id = c.id and r.status <> 'standard cancel')), 0) as class_bookings
        from live_classes c
        where c.cancelled_at is null and c.start_at >= ${start} and c.start_at < ${stop} and c.end_at <= ${now}
        group by 1
      ),
      waitlists as (
        select ${bucket(sql.ref("c.start_at"))} as b, count(*) as waitlist_joined,
          count(*) filter (where w.status = 'promoted') as waitlist_promoted
        from waitlist_entries w join live_classes c on c.id = w.class_id
        where c.cancelled_at is null and c.start_at >= ${start} and c.start_at < ${stop}
        group by 1
      ),
      running as (
        select k.b,
          sum(coalesce(d.d_active, 0)) over o as active_members,
          sum(coalesce(d.d_paying, 0)) over o as paying_members,
          sum(coalesce(d.d_comped, 0)) over o as comped_members,
          sum(coalesce(d.d_trials, 0)) over o as trials,
          sum(coalesce(d.d_paused, 0)) over o as paused,
          sum(coalesce(d.d_paying, 0)) over o - coalesce(d.d_paying, 0) as paying_at_start,
          sum(coalesce(m.d_mrr, 0)) over o as mrr,
          sum(coalesce(m.d_mrr, 0)) over o - coalesce(m.d_mrr, 0) as mrr_at_start
        from buckets k
        left join days d on d.b = k.b
        left join money m on m.b = k.b
        window o as (order by k.b rows unbounded preceding)
      )
      select to_char(r.b, 'YYYY-MM-DD') as b, r.active_members, r.paying_members, r.comped_members, r.trials, r.paused,
        r.paying_at_start, round(r.mrr) as mrr, round(r.mrr_at_start) as mrr_at_start,
        coalesce(d.sign_ups, 0) as sign_ups, coalesce(d.trials_started, 0) as trials_started,
        coalesce(d.trials_ended, 0) as trials_ended, coalesce(d.trials_converted, 0) as trials_converted,
        coalesce(d.churned_members, 0) as churned_members, round(coalesce(m.churned_mrr, 0)) as churned_mrr,
        x.cancel_reasons,
        coalesce(m.refunds, 0) as refunds, coalesce(m.refunded_amount, 0) as refunded_amount,
        coalesce(m.failed_payments, 0) as failed_payments, coalesce(m.failed_amount, 0) as failed_amount,
        coalesce(m.recovered_payments, 0) as recovered_payments, coalesce(m.recovered_amount, 0) as recovered_amount,
        coalesce(d.plays, 0) as plays, coalesce(d.completed_plays, 0) as completed_plays,
        coalesce(d.completions, 0) as completions,
        coalesce(c.classes_run, 0) as classes_run, coalesce(c.class_capacity, 0) as class_capacity,
        coalesce(c.class_bookings, 0) as class_bookings,
        coalesce(w.waitlist_joined, 0) as waitlist_joined, coalesce(w.waitlist_promoted, 0) as waitlist_promoted
      from running r
      left join days d on d.b = r.b
      left join money m on m.b = r.b
      left join reasons x on x.b = r.b
      left join classes c on c.b = r.b
      left join waitlists w on w.b = r.b
      where r.b >= ${first}::timestamp
      order by r.b
    `.execute(this.deps.db);

    const byStart = new Map(result.rows.map((r) => [r.b, r]));
    const intervals = starts.map((s) => present(s, nextStart(s, unit), byStart.get(s)));
    return { interval: unit, zone, currency, from: range.from, to: range.to, intervals };
  }

  /** Plays and completions per workout for sessions started in the range, most played first. */
  async workouts(
    query: NumbersQuery & { limit: number; offset: number },
  ): Promise<{ items: WorkoutNumbers[]; total: number; from: string; to: string; zone: string }> {
    const range = resolveRange(query, this.deps.clock.now());
    const { zone } = range;
    await refreshNumbersDays(this.deps.db, zone);
    // Each workout's plays before a local day: those before the latest month's first day not after it, plus the
    // days from there to it (numbers-days.ts).
    const before = (day: string) => sql`(
      select workout_id, sum(plays) as plays, sum(completed) as completed
      from (
        select m.workout_id, m.plays_before as plays, m.completed_before as completed
        from numbers_workout_months m
        where m.zone = ${zone}
          and m.month = (select max(month) from numbers_workout_months where zone = ${zone} and month <= ${day}::date)
        union all
        select d.workout_id, d.plays, d.completed_plays
        from numbers_workout_days d
        where d.zone = ${zone} and d.day < ${day}::date and d.day >= coalesce(
          (select max(month) from numbers_workout_months where zone = ${zone} and month <= ${day}::date), '-infinity')
      ) parts
      group by workout_id
    )`;
    const perWorkout = sql`(
      select w.id as workout_id, w.name, e.plays - coalesce(f.plays, 0) as plays,
        e.completed - coalesce(f.completed, 0) as completions
      from ${before(addDays(range.to, 1))} e
      left join ${before(range.from)} f on f.workout_id = e.workout_id
      join workouts w on w.id = e.workout_id
      where e.plays > coalesce(f.plays, 0)
    ) p`;
    const rows = await sql<{
      workout_id: string;
      name: string;
      plays: string | number;
      completions: string | number;
      total: string | number;
    }>`
      select p.workout_id, p.name, p.plays, p.completions, count(*) over () as total
      from ${perWorkout}
      order by p.plays desc, p.workout_id
      limit ${query.limit} offset ${query.offset}
    `.execute(this.deps.db);
    let total = Number(rows.rows[0]?.total ?? 0);
    if (!rows.rows.length && query.offset > 0) {
      const counted = await sql<{ n: string | number }>`
        select count(*) as n from ${perWorkout}`.execute(this.deps.db);
      total = Number(counted.rows[0]?.n ?? 0);
    }
    return {
      items: rows.rows.map((r) => {
        const plays = Number(r.plays);
        const completions = Number(r.completions);
        return {
          workout_id: r.workout_id,
          name: r.name,
          plays,
          completions,
          completion_rate: rate(completions, plays),
        };
      }),
      total,
      from: range.from,
      to: range.to,
      zone,
    };
  }
}

function present(start: string, end: string, row: Row | undefined): IntervalNumbers {
  const n = (v: string | number | undefined) => Number(v ?? 0);
  const mrr = n(row?.mrr);
  const trialsEnded = n(row?.trials_ended);
  const trialsConverted = n(row?.trials_converted);
  const churned = n(row?.churned_members);
  const churnedMrr = n(row?.churned_mrr);
  const plays = n(row?.plays);
  const capacity = n(row?.class_capacity);
  const bookings = n(row?.class_bookings);
  const joined = n(row?.waitlist_joined);
  const promoted = n(row?.waitlist_promoted);
  const reasons = row?.cancel_reasons;
  return {
    start,
    end,
    active_members: n(row?.active_members),
    paying_members: n(row?.paying_members),
    comped_members: n(row?.comped_members),
    trials: n(row?.trials),
    paused: n(row?.paused),
    mrr,
    arr: mrr * 12,
    sign_ups: n(row?.sign_ups),
    trials_started: n(row?.trials_started),
    trials_ended: trialsEnded,
    trials_converted: trialsConverted,
    trial_conversion_rate: rate(trialsConverted, trialsEnded),
    churned_members: churned,
    member_churn_rate: rate(churned, n(row?.paying_at_start)),
    churned_mrr: churnedMrr,
    revenue_churn_rate: rate(churnedMrr, n(row?.mrr_at_start)),
    cancel_reasons: (typeof reasons === "string" ? (JSON.parse(reasons) as CancelReasonCount[]) : (reasons ?? [])).map(
      (r) => ({ reason: r.reason, count: Number(r.count) }),
    ),
    refunds: n(row?.refunds),
    refunded_amount: n(row?.refunded_amount),
    failed_payments: n(row?.failed_payments),
    failed_amount: n(row?.failed_amount),
    recovered_payments: n(row?.recovered_payments),
    recovered_amount: n(row?.recovered_amount),
    plays,
    completions: n(row?.completions),
    completion_rate: rate(n(row?.completed_plays), plays),
    classes_run: n(row?.classes_run),
    class_capacity: capacity,
    class_bookings: bookings,
    class_fill_rate: rate(bookings, capacity),
    waitlist_joined: joined,
    waitlist_promoted: promoted,
    waitlist_conversion_rate: rate(promoted, joined),
  };
}

/** The report as CSV: one row per interval, money in minor units, rates as fractions, reasons as reason=count. */
export function numbersCsv(report: NumbersReport): string {
  const columns = [
    "start",
    "end",
    "active_members",
    "paying_members",
    "comped_members",
    "trials",
    "paused",
    "mrr",
    "arr",
    "sign_ups",
    "trials_started",
    "trials_ended",
    "trials_converted",
    "trial_conversion_rate",
    "churned_members",
    "member_churn_rate",
    "churned_mrr",
    "revenue_churn_rate",
    "cancel_reasons",
    "refunds",
    "refunded_amount",
    "failed_payments",
    "failed_amount",
    "recovered_payments",
    "recovered_amount",
    "plays",
    "completions",
    "completion_rate",
    "classes_run",
    "class_capacity",
    "class_bookings",
    "class_fill_rate",
    "waitlist_joined",
    "waitlist_promoted",
    "waitlist_conversion_rate",
  ] as const satisfies readonly (keyof IntervalNumbers)[];
  const cell = (value: unknown) => {
    const text = Array.isArray(value)
      ? (value as CancelReasonCount[]).map((r) => `${r.reason}=${r.count}`).join("; ")
      : value === null
        ? ""
        : String(value);
    // A cell a spreadsheet would run as a formula is kept as text.
    const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const head = [...columns, "currency", "zone"].join(",");
  const lines = report.intervals.map((i) =>
    [...columns.map((c) => cell(i[c])), report.currency, cell(report.zone)].join(","),
  );
  return [head, ...lines].join("\r\n") + "\r\n";
}
