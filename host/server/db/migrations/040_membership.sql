-- Membership and billing: products, subscriptions (a state machine kept here), coupons, invoices, the sandbox
-- payment provider's cards and charges, billing addresses and the studio (Mariana Tek) link.
-- Money is always integer cents with its currency.

create table products (
  sku text primary key,
  name text not null,
  -- recurring renews every interval; prepaid is valid for one interval; item and lifetime are sold in the shop.
  kind text not null check (kind in ('recurring', 'prepaid', 'item', 'lifetime')),
  interval integer not null check (interval >= 0),
  interval_type text not null check (interval_type in ('day', 'week', 'month', 'once', 'lifetime')),
  trial_days integer not null default 0 check (trial_days between 0 and 90),
  unit_amount integer not null check (unit_amount >= 0),
  currency text not null default 'USD',
  -- The payment provider this SKU is sold through (spec section 9: stripe SKUs differ from the others).
  provider text not null check (provider in ('stripe', 'recharge', 'shop')),
  entitlements text[] not null default '{digital}',
  position integer not null default 0
);

create table subscriptions (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  provider text not null check (provider in ('stripe', 'recharge', 'apple', 'google', 'marianatek')),
  -- The provider's own id for it (a sandbox subscription id, a store receipt, a studio membership email).
  identifier text not null,
  state text not null check (state in ('trial', 'active', 'canceled', 'past_due', 'paused', 'expired', 'prepaid', 'vip')),
  sku text references products (sku),
  name text not null,
  base_price integer not null default 0 check (base_price >= 0),
  currency text not null default 'USD',
  entitlements text[] not null default '{digital}',
  original_purchase_date timestamptz not null,
  trial_start timestamptz,
  trial_end timestamptz,
  current_period_start timestamptz,
  -- End of the paid (or trial) period: access ends here unless the subscription renews.
  expiration_date timestamptz,
  scheduled_sku text references products (sku),
  cancel_reason text,
  cancel_explanation text,
  canceled_at timestamptz,
  paused_at timestamptz,
  renewal_attempts integer not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, identifier)
);
create index subscriptions_user on subscriptions (user_id);
create index subscriptions_due on subscriptions (expiration_date) where state in ('trial', 'active', 'canceled', 'prepaid');
-- A member holds at most one live subscription we bill (stripe or recharge); a new one needs the old one ended.
create unique index subscriptions_one_billable on subscriptions (user_id)
  where provider in ('stripe', 'recharge') and state in ('trial', 'active', 'canceled', 'past_due', 'paused');

-- Audit: every state change of a subscription (who, when, from, to).
create table subscription_events (
  id bigserial primary key,
  subscription_id text not null references subscriptions (id) on delete cascade,
  user_id uuid not null,
  actor text not null,
  action text not null,
  from_state text,
  to_state text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null
);
create index subscription_events_subscription on subscription_events (subscription_id, id);

create table coupons (
  code text primary key check (code = upper(code)),
  type text not null check (type in ('percentage', 'amount')),
  percent_off numeric(5, 2) check (percent_off > 0 and percent_off <= 100),
  amount_off integer check (amount_off > 0),
  currency text not null default 'USD',
  is_active boolean not null default true,
  valid_from timestamptz,
  valid_until timestamptz,
  check ((type = 'percentage') = (percent_off is not null) and (type = 'amount') = (amount_off is not null))
);

-- One redemption per member and code: the primary key makes a concurrent second use lose.
create table coupon_redemptions (
  code text not null references coupons (code),
  user_id uuid not null references users (id) on delete cascade,
  subscription_id text not null references subscriptions (id) on delete cascade,
  redeemed_at timestamptz not null,
  -- Set when an invoice used the discount; until then it applies to the next one.
  invoice_id text,
  position integer not null default 0,
  primary key (code, user_id)
);
create index coupon_redemptions_pending on coupon_redemptions (subscription_id) where invoice_id is null;

create table invoices (
  id text primary key default gen_random_uuid()::text,
  subscription_id text not null references subscriptions (id) on delete cascade,
  user_id uuid not null,
  sku text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  base_amount integer not null check (base_amount >= 0),
  discount_amount integer not null check (discount_amount >= 0),
  amount integer not null check (amount >= 0),
  currency text not null,
  discount_code text,
  status text not null check (status in ('paid', 'failed')),
  payment_id text,
  created_at timestamptz not null
);
create index invoices_subscription on invoices (subscription_id, created_at);

-- The sandbox payment provider: setup intents, tokenized test cards (never the number) and charges.
create table payment_setups (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  client_secret text not null unique,
  status text not null check (status in ('requires_payment_method', 'succeeded')),
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create table payment_methods (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  brand text not null,
  last4 text not null,
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  -- What the sandbox does with this test card: succeed, decline at once, or attach but decline charges.
  behavior text not null check (behavior in ('succeed', 'decline', 'decline_on_charge')),
  created_at timestamptz not null
);

create table billing_customers (
  user_id uuid primary key references users (id) on delete cascade,
  default_payment_method_id text references payment_methods (id),
  updated_at timestamptz not null
);

create table payments (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  payment_method_id text references payment_methods (id),
  amount integer not null check (amount >= 0),
  currency text not null,
  status text not null check (status in ('succeeded', 'failed')),
  description text not null,
  created_at timestamptz not null
);

create table billing_addresses (
  subscription_id text primary key references subscriptions (id) on delete cascade,
  user_id uuid not null,
  address1 text not null,
  address2 text not null default '',
  city text not null,
  country text not null,
  phone text not null default '',
  state text not null,
  zip text not null,
  updated_at timestamptz not null
);

-- The studio system's unlimited memberships by email (the sandbox stand-in for Mariana Tek's directory).
create table studio_memberships (
  email text primary key check (email = lower(email)),
  name text not null,
  valid_until timestamptz not null
);

create table studio_link_requests (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  email text not null,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  confirmed_at timestamptz
);
create index studio_link_requests_user on studio_link_requests (user_id, created_at);
