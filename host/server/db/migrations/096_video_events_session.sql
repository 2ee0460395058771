-- Ending a play reads that play's player events (and those of the unfinished plays it resumes) to count the time
-- watched (services/watched-time.ts): found by session, not by scanning the whole log.
create index video_events_session on video_events (session_id, occurred_at) where session_id is not null;
