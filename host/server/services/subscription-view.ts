import type { Db } from "../db/index.js";
import { type Answer, Card, exactObject, named, ref, strictObject } from "../schemas.js";
import type { BillingProvider } from "../billing/provider.js";
import { displayState, isSubscriptionActive } from "../../../src/domain/membership.js";
import { PAUSE_MONTHS, pauseRefusal, pauseWindow } from "../../../src/domain/membership-pause.js";
import { addInterval, couponTotals, nameWithoutTrial } from "./membership-rules.js";
import { pendingCoupons } from "./subscription-billing.js";
import { isBilled, type Subscription as StoredSubscription } from "./subscription-store.js";
import { periodPrice } from "./product-prices.js";
import { findProduct, type Product } from "./products.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const nullableString = { type: ["string", "null"] } as const;
const cents = { type: "integer", description: "Cents, in `currency`" } as const;
const strings = { type: "array", items: string } as const;

/** An invoice: the next renewal (what it will charge) or the last one (with its outcome). */
const invoiceFields = {
  amount: cents,
  currency: string,
  period_start: nullableString,
  period_end: nullableString,
  sku: string,
  discount_code: { type: ["string", "null"], description: "Promo codes it applies, comma-separated" },
} as const;
const invoiceRequired = ["amount", "currency", "period_start", "period_end", "sku", "discount_code"] as const;
/** The schema, or null (typed by hand: a spread of a generic schema would intersect the two `type`s into never). */
const nullableObject = <const T extends { type: "object" }>(schema: T) =>
  ({ ...schema, type: ["object", "null"] }) as Omit<T, "type"> & { readonly type: readonly ["object", "null"] };

/** The member's saved billing address of a subscription (services/billing-address.ts). */
const billingAddressSchema = exactObject({
  address1: string,
  address2: string,
  city: string,
  country: string,
  phone: string,
  state: string,
  zip: string,
});
export const BillingAddress = named("BillingAddress", billingAddressSchema);

/**
 * The Subscription plan of spec section 3: money in integer cents of `currency`;
 * `base_price`, `discount` and `total_price` describe the next invoice.
 */
export const subscriptionSchema = exactObject({
  subscription_id: string,
  user_id: string,
  identifier: string,
  provider: { type: "string", enum: ["stripe", "recharge", "apple", "google", "marianatek"] },
  state: {
    type: "string",
    enum: ["trial", "active", "canceled", "past_due", "paused", "expired", "prepaid", "vip"],
  },
  display_state: { type: "string", description: "What the app shows (src/domain/membership.ts displayState)" },
  is_active: { type: "boolean" },
  managed_by: { type: "string", enum: ["fitkit", "recharge", "apple", "google", "studio"] },
  name: string,
  sku: nullableString,
  product_id: nullableString,
  currency: string,
  base_price: cents,
  discount: cents,
  total_price: cents,
  discount_codes: strings,
  entitlements: strings,
  expiration_date: nullableString,
  original_purchase_date: string,
  current_period_start: nullableString,
  interval: { type: ["integer", "null"] },
  interval_type: nullableString,
  trial_start: nullableString,
  trial_end: nullableString,
  trial_days: integer,
  cancel_at_period_end: { type: "boolean" },
  cancel_reason: nullableString,
  cancel_explanation: nullableString,
  canceled_at: nullableString,
  paused_at: nullableString,
  pause: nullableObject(
    exactObject({ months: { type: "integer", enum: [...PAUSE_MONTHS] }, starts_at: string, resumes_at: string }),
  ),
  pause_refusal: { ...nullableString, description: "Why it cannot pause now (the member's words); null when it can" },
  pause_options: {
    type: "array",
    description: "What each pause length would do, when it may pause (empty otherwise)",
    items: exactObject({ months: { type: "integer", enum: [...PAUSE_MONTHS] }, starts_at: string, resumes_at: string }),
  },
  scheduled_change: nullableObject(
    exactObject({
      sku: string,
      name: string,
      interval: integer,
      interval_type: string,
      base_price: cents,
      effective_at: nullableString,
    }),
  ),
  next_renewal: nullableObject(strictObject(invoiceFields, invoiceRequired)),
  last_invoice: nullableObject(
    strictObject({ ...invoiceFields, status: { type: "string", enum: ["paid", "failed"] } }, [
      ...invoiceRequired,
      "status",
    ]),
  ),
  payment_method: { anyOf: [ref(Card), { type: "null" }] },
  billing_address: { anyOf: [ref(BillingAddress), { type: "null" }] },
});
export const Subscription = named("Subscription", subscriptionSchema);
export type SubscriptionAnswer = Answer<typeof subscriptionSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const MANAGED_BY: Record<StoredSubscription["provider"], SubscriptionAnswer["managed_by"]> = {
  stripe: "fitkit",
  recharge: "recharge",
  apple: "apple",
  google: "google",
  marianatek: "studio",
};

/** Whether the subscription will bill another period (so it has a next renewal): a self-serve pause resumes. */
const renews = (sub: StoredSubscription) =>
  isBilled(sub) &&
  (sub.state === "trial" ||
    sub.state === "active" ||
    sub.state === "past_due" ||
    (sub.state === "paused" && !!sub.pause_resumes_at));

/**
 * The Subscription plan of spec section 3. Money is integer cents in `currency`; `base_price`, `discount` and
 * `total_price` describe the next invoice (the scheduled plan and pending promo codes included).
 */
export async function presentSubscription(
  db: Db,
  billing: BillingProvider,
  sub: StoredSubscription,
  now: Date,
): Promise<SubscriptionAnswer> {
  const product = sub.sku ? await findProduct(db, sub.sku) : undefined;
  const scheduled = sub.scheduled_sku ? await findProduct(db, sub.scheduled_sku) : undefined;
  const next: Product | undefined = scheduled ?? product;
  // After a pause the next period starts when it resumes.
  const nextStart = sub.pause_resumes_at ?? sub.expiration_date;
  const coupons = await pendingCoupons(db, sub.id, next?.sku);
  const renewing = next && renews(sub) && nextStart;
  const totals = couponTotals(renewing ? await periodPrice(db, sub, next, nextStart) : sub.base_price, coupons);
  const lastInvoice = await db
    .selectFrom("invoices")
    .selectAll()
    .where("subscription_id", "=", sub.id)
    .orderBy("created_at", "desc")
    .orderBy("period_start", "desc")
    .limit(1)
    .executeTakeFirst();
  const address = await db
    .selectFrom("billing_addresses")
    .select(["address1", "address2", "city", "country", "phone", "state", "zip"])
    .where("subscription_id", "=", sub.id)
    .executeTakeFirst();
  const card = isBilled(sub) ? await billing.defaultCard(db, sub.user_id) : undefined;
  const discountCode = coupons.length ? coupons.map((c) => c.code).join(",") : null;
  const pauseRefused = pauseRefusal(
    { provider: sub.provider, state: sub.state, expiration_date: sub.expiration_date, pause: sub.pause_starts_at },
    now.getTime(),
  );

  return {
    subscription_id: sub.id,
    user_id: sub.user_id,
    identifier: sub.identifier,
    provider: sub.provider,
    state: sub.state,
    display_state: displayState(sub, now.getTime()),
    is_active: isSubscriptionActive(sub, now.getTime()),
    managed_by: MANAGED_BY[sub.provider],
    name: sub.name,
    sku: sub.sku,
    product_id: sub.sku,
    currency: sub.currency,
    base_price: totals.base,
    discount: totals.discount,
    total_price: totals.total,
    discount_codes: coupons.map((c) => c.code),
    entitlements: sub.entitlements,
    expiration_date: iso(sub.expiration_date),
    original_purchase_date: sub.original_purchase_date.toISOString(),
    current_period_start: iso(sub.current_period_start),
    interval: product?.interval ?? null,
    interval_type: product?.interval_type ?? null,
    trial_start: iso(sub.trial_start),
    trial_end: iso(sub.trial_end),
    trial_days: product?.trial_days ?? 0,
    cancel_at_period_end: sub.state === "canceled",
    cancel_reason: sub.cancel_reason,
    cancel_explanation: sub.cancel_explanation,
    canceled_at: iso(sub.canceled_at),
    paused_at: iso(sub.paused_at),
    // A self-serve pause, scheduled (state still active: access until starts_at) or running (state paused).
    pause:
      sub.pause_months && sub.pause_starts_at && sub.pause_resumes_at
        ? {
            months: sub.pause_months,
            starts_at: sub.pause_starts_at.toISOString(),
            resumes_at: sub.pause_resumes_at.toISOString(),
          }
        : null,
    // Why it cannot pause now (the member's words), or null when it can: clients offer the pause by this.
    pause_refusal: pauseRefused,
    // What each length would do, when it may pause: the dates the flow states before the member confirms.
    pause_options:
      pauseRefused === null && sub.expiration_date
        ? PAUSE_MONTHS.map((months) => {
            const window = pauseWindow(sub.expiration_date!, months);
            return { months, starts_at: window.starts_at.toISOString(), resumes_at: window.resumes_at.toISOString() };
          })
        : [],
    scheduled_change:
      scheduled && sub.expiration_date
        ? {
            sku: scheduled.sku,
            // A plan change never comes with a free trial, so the new plan is named without one.
            name: nameWithoutTrial(scheduled.name),
            interval: scheduled.interval,
            interval_type: scheduled.interval_type,
            base_price: scheduled.unit_amount,
            // A plan change waits out a pause: it applies with the first period charged after it.
            effective_at: iso(nextStart),
          }
        : null,
    next_renewal:
      renews(sub) && next && nextStart
        ? {
            amount: totals.total,
            currency: next.currency,
            period_start: iso(nextStart),
            period_end: iso(addInterval(nextStart, next.interval, next.interval_type)),
            sku: next.sku,
            discount_code: discountCode,
          }
        : null,
    last_invoice: lastInvoice
      ? {
          amount: lastInvoice.amount,
          currency: lastInvoice.currency,
          status: lastInvoice.status,
          period_start: iso(lastInvoice.period_start),
          period_end: iso(lastInvoice.period_end),
          sku: lastInvoice.sku,
          discount_code: lastInvoice.discount_code,
        }
      : null,
    payment_method: card ?? null,
    billing_address: address ?? null,
  };
}
