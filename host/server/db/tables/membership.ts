import type { ColumnType, Generated } from "kysely";
import type { PauseMonths } from "../../../../src/domain/membership-pause.js";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

type ProductKind = "recurring" | "prepaid" | "item" | "lifetime";
type IntervalType = "day" | "week" | "month" | "once" | "lifetime";
export type SubscriptionProvider = "stripe" | "recharge" | "apple" | "google" | "marianatek";
export type SubscriptionState = "trial" | "active" | "canceled" | "past_due" | "paused" | "expired" | "prepaid" | "vip";
type CouponType = "percentage" | "amount";
export type CouponDuration = "once" | "repeating" | "forever";
export type CardBehavior = "succeed" | "decline" | "decline_on_charge" | "stolen_on_charge" | "authenticate_on_charge";

export interface ProductsTable {
  sku: string;
  name: string;
  kind: ProductKind;
  interval: number;
  interval_type: IntervalType;
  trial_days: Defaulted<number>;
  unit_amount: number;
  currency: Defaulted<string>;
  provider: "stripe" | "recharge" | "shop";
  entitlements: Defaulted<string[]>;
  position: Defaulted<number>;
  /** No new subscriptions from then on; existing ones continue (migration 103). */
  retired_at: Timestamp | null;
}

/** A product's prices since its first reprice (migration 103). */
export interface ProductPricesTable {
  id: Generated<string>;
  sku: string;
  unit_amount: number;
  new_from: Timestamp;
  existing_from: Timestamp;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  provider: SubscriptionProvider;
  identifier: string;
  state: SubscriptionState;
  sku: string | null;
  name: string;
  base_price: Defaulted<number>;
  currency: Defaulted<string>;
  entitlements: Defaulted<string[]>;
  original_purchase_date: Timestamp;
  trial_start: Timestamp | null;
  trial_end: Timestamp | null;
  current_period_start: Timestamp | null;
  expiration_date: Timestamp | null;
  scheduled_sku: string | null;
  cancel_reason: string | null;
  cancel_explanation: string | null;
  canceled_at: Timestamp | null;
  paused_at: Timestamp | null;
  /** A self-serve pause (migration 073): all three set, or none; its check holds the months to 1–3. */
  pause_months: PauseMonths | null;
  pause_starts_at: Timestamp | null;
  pause_resumes_at: Timestamp | null;
  renewal_attempts: Defaulted<number>;
  next_attempt_at: Timestamp | null;
  /** When it started paying its current plan (a plan change moves it); null: since its purchase (migration 103). */
  plan_since: Timestamp | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

interface SubscriptionEventsTable {
  id: Generated<string>;
  subscription_id: string;
  user_id: string;
  actor: string;
  action: string;
  from_state: string | null;
  to_state: string;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface CouponsTable {
  code: string;
  type: CouponType;
  percent_off: number | null;
  amount_off: number | null;
  currency: Defaulted<string>;
  is_active: Defaulted<boolean>;
  valid_from: Timestamp | null;
  valid_until: Timestamp | null;
  /** Migration 103: how many paid invoices it discounts, its cap and who may use it. */
  duration: Defaulted<CouponDuration>;
  duration_periods: number | null;
  max_redemptions: number | null;
  times_redeemed: Defaulted<number>;
  once_per_member: Defaulted<boolean>;
  new_members_only: Defaulted<boolean>;
  skus: string[] | null;
  campaign: string | null;
  created_at: Timestamp | null;
}

interface CouponRedemptionsTable {
  code: string;
  user_id: string;
  subscription_id: string;
  redeemed_at: Timestamp;
  invoice_id: string | null;
  position: Defaulted<number>;
  /** Paid invoices it discounts (null: every one) and how many it has (migration 103). */
  periods: number | null;
  periods_used: Defaulted<number>;
  once_per_member: Defaulted<boolean>;
}

interface InvoicesTable {
  id: Generated<string>;
  subscription_id: string;
  user_id: string;
  sku: string;
  period_start: Timestamp;
  period_end: Timestamp;
  base_amount: number;
  discount_amount: number;
  amount: number;
  currency: string;
  discount_code: string | null;
  status: "paid" | "failed";
  payment_id: string | null;
  created_at: Timestamp;
  disputed_at: Timestamp | null;
}

interface RefundsTable {
  id: Generated<string>;
  invoice_id: string;
  user_id: string;
  amount: number;
  currency: string;
  provider_refund_id: string | null;
  source: "console" | "provider";
  reason: string;
  ended_access: Defaulted<boolean>;
  created_by: string | null;
  created_at: Timestamp;
}

interface PaymentSetupsTable {
  id: string;
  user_id: string;
  client_secret: string;
  status: "requires_payment_method" | "succeeded";
  created_at: Timestamp;
  expires_at: Timestamp;
}

interface PaymentMethodsTable {
  id: string;
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behavior: CardBehavior;
  created_at: Timestamp;
}

interface BillingCustomersTable {
  user_id: string;
  default_payment_method_id: string | null;
  updated_at: Timestamp;
}

interface PaymentsTable {
  id: string;
  user_id: string;
  payment_method_id: string | null;
  amount: number;
  currency: string;
  status: "succeeded" | "failed" | "requires_action";
  description: string;
  created_at: Timestamp;
  card_brand: string | null;
  card_last4: string | null;
  decline_code: string | null;
  refunded_amount: Defaulted<number>;
}

interface StripeEventsTable {
  id: string;
  type: string;
  handled_at: Timestamp;
}

interface BillingAddressesTable {
  subscription_id: string;
  user_id: string;
  address1: string;
  address2: Defaulted<string>;
  city: string;
  country: string;
  phone: Defaulted<string>;
  state: string;
  zip: string;
  updated_at: Timestamp;
}

interface StudioMembershipsTable {
  email: string;
  name: string;
  valid_until: Timestamp;
}

interface StudioLinkRequestsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
}

interface StripeCustomersTable {
  user_id: string;
  customer_id: string;
  default_payment_method_id: string | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  updated_at: Timestamp;
}

/** The sandbox provider's paused collection windows (its stand-in for Stripe's pause_collection). */
interface SandboxCollectionPausesTable {
  subscription_id: string;
  user_id: string;
  starts_at: Timestamp;
  resumes_at: Timestamp;
  created_at: Timestamp;
}

export interface MembershipTables {
  products: ProductsTable;
  subscriptions: SubscriptionsTable;
  subscription_events: SubscriptionEventsTable;
  coupons: CouponsTable;
  product_prices: ProductPricesTable;
  coupon_redemptions: CouponRedemptionsTable;
  invoices: InvoicesTable;
  refunds: RefundsTable;
  payment_setups: PaymentSetupsTable;
  payment_methods: PaymentMethodsTable;
  billing_customers: BillingCustomersTable;
  payments: PaymentsTable;
  billing_addresses: BillingAddressesTable;
  studio_memberships: StudioMembershipsTable;
  studio_link_requests: StudioLinkRequestsTable;
  stripe_customers: StripeCustomersTable;
  stripe_events: StripeEventsTable;
  sandbox_collection_pauses: SandboxCollectionPausesTable;
}
