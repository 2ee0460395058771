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
  /** Null: the location's waitlist_capacity. */
  waitlist_capacity: number | null;
  room: Defaulted<string>;
}

export interface LiveClassesTable {
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
  waitlist_capacity: Defaulted<number>;
  /** Open ('waiting') waitlist entries, kept beside `booked`. */
  waitlisted: Defaulted<number>;
  room: Defaulted<string>;
  cancel_reason: Defaulted<string | null>;
}

interface ReservationsTable {
  id: Generated<string>;
  user_id: string;
  class_id: string;
  status: Defaulted<ReservationStatus>;
  created_at: Timestamp;
  checked_in_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  late_cancel: Defaulted<boolean>;
  no_show_at: Defaulted<Date | null>;
  from_waitlist: Defaulted<boolean>;
}

export type WaitlistStatus = "waiting" | "left" | "promoted" | "expired";

/** A member waiting for a spot in a class (076_studio_operations.sql). */
interface WaitlistEntriesTable {
  id: Generated<string>;
  user_id: string;
  class_id: string;
  status: Defaulted<WaitlistStatus>;
  created_at: Timestamp;
  ended_at: Timestamp | null;
  notified_at: Timestamp | null;
  /** Queue order (079_waitlist_order.sql): drawn after the class row's lock, so joins are ordered as they commit. */
  seq: Generated<string>;
}

export type StaffRole = "staff" | "owner";

/** Who works which location: 'staff' one location, 'owner' each location listed for them. */
interface StudioStaffTable {
  user_id: string;
  location_id: string;
  role: StaffRole;
  created_at: DefaultedTimestamp;
}

/** One row per location: the version of its schedule, replaced by every change to it (migration 085). */
interface ScheduleVersionsTable {
  location_id: string;
  version: Defaulted<string>;
}

export interface StudiosTables {
  schedule_templates: ScheduleTemplatesTable;
  live_classes: LiveClassesTable;
  reservations: ReservationsTable;
  waitlist_entries: WaitlistEntriesTable;
  studio_staff: StudioStaffTable;
  schedule_versions: ScheduleVersionsTable;
}
