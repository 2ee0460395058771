-- Billing operations: what a charge's decline and card were (the console's payments list, the dunning's soft/hard
-- decline rule), refunds the sandbox provider has recorded, disputes, and Stripe webhook events handled once.

-- The card a charge was made on (brand and last four, never the number), kept with the charge so the console shows it
-- after the member changes cards; and the issuer's decline code of a failed charge (stolen_card, insufficient_funds…).
alter table payments
  add column card_brand text,
  add column card_last4 text,
  add column decline_code text,
  -- What the provider has refunded of this charge (the sandbox's record; Stripe keeps its own).
  add column refunded_amount integer not null default 0,
  add constraint payments_refunded_within check (refunded_amount between 0 and amount);
-- requires_action: Stripe's issuer asks the member to authenticate the charge (3-D Secure) before it can succeed.
alter table payments drop constraint payments_status_check;
alter table payments add constraint payments_status_check check (status in ('succeeded', 'failed', 'requires_action'));

-- A sandbox test card saved fine but refused on every charge as stolen (a hard decline: never retried).
alter table payment_methods drop constraint payment_methods_behavior_check;
alter table payment_methods add constraint payment_methods_behavior_check
  check (behavior in ('succeed', 'decline', 'decline_on_charge', 'stolen_on_charge'));

-- A chargeback opened at the provider (Stripe's charge.dispute.created): the invoice is flagged for the console.
alter table invoices add column disputed_at timestamptz;

-- Each Stripe webhook event is handled once: its id is written in the transaction of its effect.
create table stripe_events (
  id text primary key,
  type text not null,
  handled_at timestamptz not null
);
