import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Day = ColumnType<Date, Date | string, Date | string>;
type Count = ColumnType<number, number | undefined, number>;
/** numeric and bigint: read as numbers (db/index.ts). */
type Sum = ColumnType<number, number | string | undefined, number | string>;

/** A time zone whose days of numbers are kept (107_numbers_days.sql); changes since `watermark` are still to apply. */
interface NumbersZonesTable {
  zone: string;
  watermark: string;
  built_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A change to the history the numbers are computed from: an hour, or a membership. */
interface NumbersChangesTable {
  xid: ColumnType<string, string | undefined, string>;
  hour: Timestamp | null;
  subscription_id: string | null;
}

/** A local day's membership changes and activity. */
interface NumbersDaysTable {
  zone: string;
  day: Day;
  d_active: Count;
  d_paying: Count;
  d_comped: Count;
  d_trials: Count;
  d_paused: Count;
  trials_started: Count;
  trials_ended: Count;
  trials_converted: Count;
  churned_members: Count;
  cancel_reasons: ColumnType<Record<string, number>, string | undefined, string>;
  sign_ups: Count;
  plays: Count;
  completed_plays: Count;
  completions: Count;
}

/** A local day's money in one currency. */
interface NumbersDayMoneyTable {
  zone: string;
  day: Day;
  currency: string;
  d_mrr: Sum;
  churned_mrr: Sum;
  refunds: Count;
  refunded_amount: Sum;
  failed_payments: Count;
  failed_amount: Sum;
  recovered_payments: Count;
  recovered_amount: Sum;
}

/** Plays of a workout on a local day. */
interface NumbersWorkoutDaysTable {
  zone: string;
  day: Day;
  workout_id: string;
  plays: number;
  completed_plays: number;
}

/** Plays of a workout before a local month's first day (`month`). */
interface NumbersWorkoutMonthsTable {
  zone: string;
  month: Day;
  workout_id: string;
  plays_before: number;
  completed_before: number;
}

export interface NumbersTables {
  numbers_zones: NumbersZonesTable;
  numbers_changes: NumbersChangesTable;
  numbers_days: NumbersDaysTable;
  numbers_day_money: NumbersDayMoneyTable;
  numbers_workout_days: NumbersWorkoutDaysTable;
  numbers_workout_months: NumbersWorkoutMonthsTable;
}
