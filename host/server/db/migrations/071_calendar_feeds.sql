-- The member's private calendar feed (GET /calendar/{secret}.ics). The secret in the URL is derived with the server's
-- signing key from the member's id and `nonce` (so the settings page can show the URL again); the database keeps only
-- its SHA-256, so a leaked copy of it opens no feed. Rotating draws a new nonce: the old URL stops answering at once.
create table calendar_feeds (
  user_id uuid primary key references users (id) on delete cascade,
  nonce text not null check (nonce ~ '^[A-Za-z0-9_-]{22}$'),
  secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
  -- IANA zone the plan's all-day events are dated in: the zone the member's device reported last.
  time_zone text not null default 'UTC',
  created_at timestamptz not null,
  rotated_at timestamptz
);
create unique index calendar_feeds_secret on calendar_feeds (secret_hash);
