-- Studio operations: each location's booking policy, waitlists, late cancels and no-shows, and studio staff.
-- Reservation statuses stay exactly the contract's three ('pending', 'standard cancel', 'check in'); a late cancel
-- is a 'standard cancel' flagged late, a no-show a 'pending' reservation of an ended class marked by staff.

-- Policy of a location. Defaults are the demo studios' rules; staff edit them in /studio.
alter table locations
  -- Booking opens this many days before a class starts.
  add column booking_window_days integer not null default 14 check (booking_window_days between 1 and 90),
  -- Cancelling later than this many minutes before the start is allowed but marked late.
  add column late_cancel_minutes integer not null default 720 check (late_cancel_minutes between 0 and 10080),
  -- A spot that opens earlier than this before the start books the first waitlisted member automatically; later,
  -- everyone waiting is told and the first to book gets it.
  add column auto_book_cutoff_minutes integer not null default 120 check (auto_book_cutoff_minutes between 0 and 10080),
  -- At most this many open (upcoming, not cancelled) bookings per member at this location; null = no limit.
  add column max_open_bookings integer check (max_open_bookings > 0),
  -- Waitlist size of classes generated here unless their template says otherwise.
  add column waitlist_capacity integer not null default 10 check (waitlist_capacity between 0 and 200);

alter table schedule_templates
  add column waitlist_capacity integer check (waitlist_capacity between 0 and 200),
  -- A room of the location; two active templates in one room must not overlap (checked by the staff API).
  add column room text not null default 'Main studio';

alter table live_classes
  add column waitlist_capacity integer not null default 10 check (waitlist_capacity between 0 and 200),
  -- People waiting, kept beside `booked` for the schedule's counts; raised with a conditional UPDATE like booked.
  add column waitlisted integer not null default 0 check (waitlisted >= 0),
  add column room text not null default 'Main studio',
  -- Why staff cancelled the class (shown to members who were booked or waiting).
  add column cancel_reason text;

alter table reservations
  add column late_cancel boolean not null default false,
  add column no_show_at timestamptz,
  -- Set when the reservation was made by promotion from the waitlist (a studio's "waitlist conversion").
  add column from_waitlist boolean not null default false,
  add check (not late_cancel or status = 'standard cancel'),
  add check (no_show_at is null or status = 'pending');

-- A member waiting for a spot. Position is the order of created_at (then id) among the class's 'waiting' rows.
create table waitlist_entries (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  class_id text not null references live_classes (id) on delete cascade,
  -- 'expired': the class started or was cancelled while they waited.
  status text not null default 'waiting' check (status in ('waiting', 'left', 'promoted', 'expired')),
  created_at timestamptz not null,
  -- When the entry stopped waiting (left, promoted or expired).
  ended_at timestamptz,
  -- After the auto-book cutoff: when this member was last told a spot is open (once per opening).
  notified_at timestamptz,
  check ((status = 'waiting') = (ended_at is null))
);
-- At most one open entry per member per class.
create unique index waitlist_entries_one_open on waitlist_entries (user_id, class_id) where status = 'waiting';
create index waitlist_entries_class on waitlist_entries (class_id, created_at);
create index waitlist_entries_user on waitlist_entries (user_id, created_at);

-- Studio staff. 'staff' works one location; 'owner' (a franchise) every location listed for them.
create table studio_staff (
  user_id uuid not null references users (id) on delete cascade,
  location_id text not null references locations (id) on delete cascade,
  role text not null check (role in ('staff', 'owner')),
  created_at timestamptz not null default now(),
  primary key (user_id, location_id)
);
create index studio_staff_location on studio_staff (location_id);
