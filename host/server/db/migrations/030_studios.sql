-- Studios: each location's weekly schedule (templates), the live classes generated from it, and reservations.
-- Times are stored in UTC (timestamptz); templates hold local wall-clock times in the location's time zone.

-- One recurring class of a location's week: "Mon, Wed, Fri at 06:00, Strength & Sculpt with Ana, 16 spots".
-- The schedule top-up job turns active templates into live_classes for every local day of the next 30 days.
create table schedule_templates (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  location_id text not null references locations (id) on delete cascade,
  -- ISO weekdays the class runs on: 1 = Monday … 7 = Sunday.
  weekdays smallint[] not null check (cardinality(weekdays) > 0 and weekdays <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  -- Local wall-clock start in the location's time zone.
  start_time time not null,
  duration integer not null check (duration between 5 and 480),
  class_type text not null,
  trainer_id text references trainers (id) on delete set null,
  capacity integer not null check (capacity > 0),
  equipment text[] not null default '{}',
  description text not null default '',
  -- Video-call link copied to each generated class; "{class_id}" is replaced by the class id (one room per class).
  video_call_url text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index schedule_templates_location on schedule_templates (location_id);

-- One class on one day. Generated ids are "<template id>-<local yyyymmdd>", so the top-up job is idempotent;
-- operators may insert one-off classes with an id of their own (template_id null).
create table live_classes (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,127}$'),
  location_id text not null references locations (id) on delete cascade,
  template_id text references schedule_templates (id) on delete set null,
  trainer_id text references trainers (id) on delete set null,
  class_type text not null,
  description text not null default '',
  equipment text[] not null default '{}',
  start_at timestamptz not null,
  end_at timestamptz not null,
  duration integer not null check (duration > 0),
  capacity integer not null check (capacity >= 0),
  -- Active (pending or checked-in) reservations. Booking raises it with a conditional UPDATE (booked < capacity)
  -- in the booking transaction, so the last spot is given once even when many members race for it.
  booked integer not null default 0,
  zoom_link text,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  check (end_at > start_at),
  check (booked >= 0 and booked <= capacity)
);
create index live_classes_start on live_classes (start_at);
create index live_classes_location_start on live_classes (location_id, start_at);

-- A member's place in a class. 'standard cancel' frees the spot; 'check in' is an attended (completed) live workout.
create table reservations (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  class_id text not null references live_classes (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'standard cancel', 'check in')),
  created_at timestamptz not null,
  checked_in_at timestamptz,
  cancelled_at timestamptz,
  check ((status = 'check in') = (checked_in_at is not null)),
  check ((status = 'standard cancel') = (cancelled_at is not null))
);
-- At most one active reservation per member per class; cancelled ones may pile up (book, cancel, book again).
create unique index reservations_one_active on reservations (user_id, class_id) where status <> 'standard cancel';
create index reservations_user on reservations (user_id, created_at);
create index reservations_class on reservations (class_id);
