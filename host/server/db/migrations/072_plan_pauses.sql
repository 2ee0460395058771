-- Pausing a series or a calendar ("vacation"). One row per pause, kept after the resume, so every shift of a plan can
-- be traced to when it was paused and resumed. Rows go with the enrolment: leaving discards the plan and its pauses.
-- At most one open pause per enrolment (the partial unique indexes), so two racing pauses make one.

create table series_pauses (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  series_id text not null,
  paused_at timestamptz not null,
  resumed_at timestamptz,
  foreign key (user_id, series_id) references series_enrollments (user_id, series_id) on delete cascade,
  check (resumed_at is null or resumed_at >= paused_at)
);
create unique index series_pauses_open on series_pauses (user_id, series_id) where resumed_at is null;
create index series_pauses_enrolment on series_pauses (user_id, series_id, paused_at);

-- A calendar's plan days are calendar dates in the member's zone. A pause keeps the zone it started in, the plan day
-- that was today then (from_day), and on resume the whole days it lasted in that zone (days): from_day and every
-- later day move by exactly that many dates, whatever daylight-saving change fell in between.
create table calendar_pauses (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  calendar_id text not null,
  paused_at timestamptz not null,
  time_zone text not null,
  from_day integer not null check (from_day >= 1),
  resumed_at timestamptz,
  days integer check (days >= 0),
  foreign key (user_id, calendar_id) references calendar_enrollments (user_id, calendar_id) on delete cascade,
  check ((resumed_at is null) = (days is null)),
  check (resumed_at is null or resumed_at >= paused_at)
);
create unique index calendar_pauses_open on calendar_pauses (user_id, calendar_id) where resumed_at is null;
create index calendar_pauses_enrolment on calendar_pauses (user_id, calendar_id, paused_at);
