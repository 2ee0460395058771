-- The console's numbers (/admin/v1/numbers) read history by time: sign-ups, plays and completions, and invoices
-- (failed payments) in a range. Memberships are read from subscription_events in order per subscription.
create index users_created on users (created_at);
create index workout_sessions_started on workout_sessions (started_at);
create index workout_sessions_completed on workout_sessions (completed_at) where is_complete;
create index invoices_failed on invoices (created_at) where status = 'failed';
create index subscription_events_history on subscription_events (subscription_id, created_at, id);
