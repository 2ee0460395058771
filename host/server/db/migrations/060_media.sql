-- Media: which Mux playback id plays a workout when the Mux provider is configured. Without a row the workout has no
-- Mux video; the local provider (the default) needs no rows: it plays the shipped demo clips.
create table workout_videos (
  workout_id text primary key references workouts (id) on delete cascade,
  mux_playback_id text not null check (mux_playback_id ~ '^[A-Za-z0-9]{1,128}$'),
  created_at timestamptz not null default now()
);
