-- Video uploaded in the console: one asset per finished tus upload, transcoded by the local provider's job into an
-- HLS ladder kept in media storage. A workout plays its newest ready asset; the demo clips play for workouts without.
create table video_assets (
  -- The tus upload id (also the storage folder of the source and the renditions).
  id text primary key check (id ~ '^[a-f0-9]{32}$'),
  workout_id text not null references workouts (id) on delete cascade,
  -- queued → transcoding → ready, or failed after its retry.
  status text not null check (status in ('queued', 'transcoding', 'ready', 'failed')),
  -- Storage key of the uploaded file, removed once the renditions are stored.
  source_key text not null,
  source_bytes bigint not null check (source_bytes > 0),
  -- What ffprobe read of the source when the upload finished.
  duration_seconds numeric(10, 3) not null check (duration_seconds > 0),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  has_audio boolean not null,
  progress integer not null default 0 check (progress between 0 and 100),
  attempts integer not null default 0,
  -- Why the last attempt failed (kept when a retry succeeds, for the record).
  error text,
  -- The rendition heights written, e.g. {360,540}; empty until ready.
  renditions integer[] not null default '{}',
  -- The transcoding process proves it is alive by moving this; a claim left still is picked up again.
  heartbeat_at timestamptz,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index video_assets_workout on video_assets (workout_id, created_at desc);
create index video_assets_pending on video_assets (created_at) where status in ('queued', 'transcoding');

-- WebVTT captions per workout and language, uploaded in the console and checked before they are stored.
create table workout_captions (
  workout_id text not null references workouts (id) on delete cascade,
  lang text not null check (lang ~ '^[a-z]{2,3}(-[A-Z]{2})?$'),
  vtt text not null,
  updated_at timestamptz not null,
  primary key (workout_id, lang)
);
