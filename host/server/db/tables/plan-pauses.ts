import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One pause of a series enrolment (072_plan_pauses.sql); open while resumed_at is null. */
interface SeriesPausesTable {
  id: Generated<string>;
  user_id: string;
  series_id: string;
  paused_at: Timestamp;
  resumed_at: Timestamp | null;
}

/** One pause of a calendar enrolment; `days` (whole dates in time_zone) is set on resume. */
interface CalendarPausesTable {
  id: Generated<string>;
  user_id: string;
  calendar_id: string;
  paused_at: Timestamp;
  time_zone: string;
  /** The plan day that was today when paused: it and every later day move by `days`. */
  from_day: number;
  resumed_at: Timestamp | null;
  days: number | null;
}

export interface PlanPausesTables {
  series_pauses: SeriesPausesTable;
  calendar_pauses: CalendarPausesTable;
}
