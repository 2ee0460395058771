-- Money returned to a member against one of their invoices: from the console (support's refund action) or seen at
-- the payment provider (Stripe's charge.refunded, a refund made in Stripe's dashboard). One row per provider refund,
-- so the console's own call and the webhook that follows it record it once.
create table refunds (
  id text primary key default gen_random_uuid()::text,
  invoice_id text not null references invoices (id) on delete cascade,
  user_id uuid not null,
  amount integer not null check (amount > 0),
  currency text not null,
  -- The provider's id for the refund (the sandbox's or Stripe's re_…).
  provider_refund_id text unique,
  source text not null check (source in ('console', 'provider')),
  reason text not null,
  -- Whether the member's access ended with this refund (the console's button says which before it is pressed).
  ended_access boolean not null default false,
  -- The operator who refunded from the console; null for refunds seen at the provider.
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null
);
create index refunds_invoice on refunds (invoice_id);
create index refunds_user on refunds (user_id, created_at);
create index refunds_created on refunds (created_at);
