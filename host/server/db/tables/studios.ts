import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type ReservationStatus = "pending" | "standard cancel" | "check in";

interface ScheduleTemplatesTable {
  id: string;
  location_id: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: number[];
  /** Local wall-clock time "HH:MM[:SS]" in the location's time zone. */
  start_time: string;
  duration: number;
  class_type: string;
  trainer_id: string | null;
  capacity: number;
  equipment: Defaulted<string[]>;
  description: Defaulted<string>;
  video_call_url: string | null;
  active: Defaulted<boolean>;
  created_at: DefaultedTimestamp;
}

interface LiveClassesTable {
  id: string;
  location_id: string;
  template_id: string | null;
  trainer_id: string | null;
  class_type: string;
  description: Defaulted<string>;
  equipment: Defaulted<string[]>;
  start_at: Timestamp;
  end_at: Timestamp;
  /** Minutes. */
  duration: number;
  capacity: number;
  booked: Defaulted<number>;
  zoom_link: string | null;
  cancelled_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

interface ReservationsTable {
  id: Generated<string>;
  user_id: string;
  class_id: string;
  status: Defaulted<ReservationStatus>;
  created_at: Timestamp;
  checked_in_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

export interface StudiosTables {
  schedule_templates: ScheduleTemplatesTable;
  live_classes: LiveClassesTable;
  reservations: ReservationsTable;
}
