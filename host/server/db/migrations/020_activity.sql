-- Member activity: workout sessions, the video-event log, series and calendar enrolments, challenges and onboarding
-- results. Favourites, hidden collections and settings live in user_attributes (001_platform.sql).

-- One play of an on-demand workout. A completed session is one completed workout for history, stats, series and
-- challenges; is_complete only ever turns true once, so a completion is never counted twice.
create table workout_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  workout_id text not null references workouts (id) on delete cascade,
  started_at timestamptz not null,
  -- Seconds into the video: the resume position at start, then the furthest position the member reported.
  position double precision not null default 0 check (position >= 0),
  ended_at timestamptz,
  is_complete boolean not null default false,
  completed_at timestamptz,
  -- Minutes credited to stats, fixed at completion so a later catalogue edit does not rewrite history.
  minutes integer not null default 0 check (minutes >= 0),
  device text,
  check (is_complete = (completed_at is not null))
);
create index workout_sessions_user_workout on workout_sessions (user_id, workout_id, started_at desc);
create index workout_sessions_user_completed on workout_sessions (user_id, completed_at) where is_complete;
create index workout_sessions_user_ended on workout_sessions (user_id, ended_at) where ended_at is not null;

-- Append-only player telemetry (spec section 4 event types). Validated at ingest (session and workout belong to the
-- member); no foreign keys, so bulk ingest stays one cheap INSERT and the log outlives catalogue edits.
create table video_events (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  session_id uuid,
  workout_id text not null,
  event_type text not null check (event_type in
    ('start', 'loaded', 'progress', 'play', 'seek', 'pause', 'close', 'muted', 'unmuted', 'error', 'end', 'ready')),
  position double precision,
  occurred_at timestamptz not null,
  received_at timestamptz not null,
  device text,
  data jsonb
);

-- Progress is derived from sessions completed since started_at: leaving deletes the row, so progress is not kept.
create table series_enrollments (
  user_id uuid not null references users (id) on delete cascade,
  series_id text not null references series (id) on delete cascade,
  started_at timestamptz not null,
  primary key (user_id, series_id)
);
create index series_enrollments_series on series_enrollments (series_id);

create table calendar_enrollments (
  user_id uuid not null references users (id) on delete cascade,
  calendar_id text not null references workout_calendars (id) on delete cascade,
  enrolled_at timestamptz not null,
  primary key (user_id, calendar_id)
);

-- A challenge (spec sections 3, 5, 9): its listed workouts, or any workout of substitute_minutes or more, completed
-- within [start_time, end_time]; complete at workout_target.
create table challenges (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  reward text not null default '',
  start_time timestamptz not null,
  end_time timestamptz not null,
  workout_target integer not null check (workout_target > 0),
  substitute_minutes integer not null default 10 check (substitute_minutes >= 0),
  check (end_time > start_time)
);

create table challenge_workouts (
  challenge_id text not null references challenges (id) on delete cascade,
  position integer not null,
  week integer not null default 1,
  workout_id text not null references workouts (id) on delete cascade,
  workout_type text not null check (workout_type in ('on_demand', 'live')),
  primary key (challenge_id, position)
);

-- Quiz answers and what they recommend; the member's results_url points at the latest.
create table onboarding_results (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  answers jsonb not null,
  workout_ids text[] not null default '{}',
  series_id text references series (id) on delete set null,
  created_at timestamptz not null
);
create index onboarding_results_user on onboarding_results (user_id, created_at desc);
