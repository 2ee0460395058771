-- Sessions started within the same instant still have an order: the resume position comes from the latest one.
alter table workout_sessions add column seq bigint generated always as identity;
create index workout_sessions_user_workout_seq on workout_sessions (user_id, workout_id, seq desc);
drop index workout_sessions_user_workout;
