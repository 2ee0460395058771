-- A member's self-serve pause (issue 19): 1 to 3 months from the end of the paid period. While it is only scheduled
-- the subscription stays active with the window set; the renewal job pauses it at pause_starts_at instead of
-- charging, and resumes it at pause_resumes_at by charging the next period. A pause asked for in the Recharge portal
-- (the demo's paused member) has no window: it waits for an unpause.
alter table subscriptions
  add column pause_months smallint,
  add column pause_starts_at timestamptz,
  add column pause_resumes_at timestamptz,
  add constraint subscriptions_pause_window check (
    (pause_months is null and pause_starts_at is null and pause_resumes_at is null)
    or (pause_months between 1 and 3 and pause_starts_at is not null and pause_resumes_at > pause_starts_at)
  );
-- The renewal job's second question: which paused subscriptions resume now.
create index subscriptions_resuming on subscriptions (pause_resumes_at) where state = 'paused';

-- The sandbox payment provider's record of paused collection (the role of Stripe's pause_collection): no charge of
-- the member goes through inside the window.
create table sandbox_collection_pauses (
  subscription_id text primary key references subscriptions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  starts_at timestamptz not null,
  resumes_at timestamptz not null check (resumes_at > starts_at),
  created_at timestamptz not null
);
create index sandbox_collection_pauses_user on sandbox_collection_pauses (user_id);
