-- Products and promo codes run from the operator console (issue 30): a product's price history (a reprice is for
-- new subscribers at once and for existing ones from a stated date), retired products, and promo codes with a
-- duration, a redemption cap, once-per-member and new-members-only rules, plan restrictions and campaigns.

alter table products add column retired_at timestamptz;

-- Every price a product has had since its first reprice. New subscribers pay a row's amount from `new_from`;
-- members who subscribed earlier keep theirs and pay it on renewals starting at or after `existing_from`.
create table product_prices (
  id bigserial primary key,
  sku text not null references products (sku),
  unit_amount integer not null check (unit_amount >= 0),
  new_from timestamptz not null,
  existing_from timestamptz not null check (existing_from >= new_from),
  created_at timestamptz not null
);
create index product_prices_sku on product_prices (sku, new_from);

-- When the subscription started paying its current plan (a plan change moves it); null: since its purchase.
alter table subscriptions add column plan_since timestamptz;

alter table coupons
  add column duration text not null default 'once' check (duration in ('once', 'repeating', 'forever')),
  add column duration_periods integer check (duration_periods between 1 and 120),
  add column max_redemptions integer check (max_redemptions > 0),
  -- Redemptions ever made (kept when an account is erased): the cap counts these, raised under the coupon's row lock.
  add column times_redeemed integer not null default 0 check (times_redeemed >= 0),
  add column once_per_member boolean not null default true,
  add column new_members_only boolean not null default false,
  -- The plans (SKUs) it discounts; null: every plan.
  add column skus text[],
  add column campaign text,
  add column created_at timestamptz;
alter table coupons add constraint coupons_duration_periods check ((duration = 'repeating') = (duration_periods is not null));
alter table coupons add constraint coupons_cap check (max_redemptions is null or times_redeemed <= max_redemptions);
create index coupons_campaign on coupons (campaign) where campaign is not null;

update coupons c set times_redeemed = (select count(*) from coupon_redemptions r where r.code = c.code);

-- A redemption discounts `periods` paid invoices (null: every one); `periods_used` counts those paid so far.
alter table coupon_redemptions add column periods integer check (periods > 0);
alter table coupon_redemptions add column periods_used integer not null default 0 check (periods_used >= 0);
alter table coupon_redemptions add column once_per_member boolean not null default true;
update coupon_redemptions set periods = 1, periods_used = case when invoice_id is null then 0 else 1 end;
-- A code may be used again by the same member (on another subscription) only when it is not once per member.
alter table coupon_redemptions drop constraint coupon_redemptions_pkey;
alter table coupon_redemptions add primary key (code, subscription_id);
create unique index coupon_redemptions_once on coupon_redemptions (code, user_id) where once_per_member;
drop index coupon_redemptions_pending;
create index coupon_redemptions_pending on coupon_redemptions (subscription_id)
  where periods is null or periods_used < periods;
