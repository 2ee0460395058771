-- The Stripe provider: each member's Stripe customer and a copy of its default card (shown without an API call).
create table stripe_customers (
  user_id uuid primary key references users (id) on delete cascade,
  customer_id text not null unique,
  default_payment_method_id text,
  brand text,
  last4 text,
  exp_month integer,
  exp_year integer,
  updated_at timestamptz not null
);
