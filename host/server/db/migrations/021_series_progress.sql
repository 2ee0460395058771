-- The series workouts a member completed while enrolled. Written when a session turns complete (from anywhere in
-- the app) for every series the member is enrolled in that lists the workout; deleted with the enrolment, so leaving
-- discards progress even when leave and re-join happen within the same instant.
create table series_progress (
  user_id uuid not null,
  series_id text not null,
  workout_id text not null,
  completed_at timestamptz not null,
  primary key (user_id, series_id, workout_id),
  foreign key (user_id, series_id) references series_enrollments (user_id, series_id) on delete cascade
);
