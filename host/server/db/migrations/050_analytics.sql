-- First-party analytics collector: events the web clients send once the visitor has given consent, each stored with
-- the consent category it was collected under, so reports and deletions can honour the visitor's choice.
create table analytics_events (
  id bigint generated always as identity primary key,
  type text not null check (type in ('identify', 'track', 'page')),
  name text,
  anonymous_id text not null,
  -- The id the client identified the visitor with (lowercased by the client); not trusted for access.
  user_id text,
  -- The member whose valid bearer token came with the batch, when one did.
  member_id uuid references users (id) on delete set null,
  category text not null check (category in ('Essential', 'Performance', 'Functional', 'Marketing')),
  properties jsonb not null default '{}',
  occurred_at timestamptz not null,
  received_at timestamptz not null,
  device text
);
create index analytics_events_received_at_idx on analytics_events (received_at);
create index analytics_events_anonymous_idx on analytics_events (anonymous_id, occurred_at);
create index analytics_events_member_idx on analytics_events (member_id) where member_id is not null;
