import { sql } from "kysely";
import type { Db } from "../db/index.js";
import type { BillingProvider } from "../billing/provider.js";
import { couponTerms, couponTotals, type CouponTerms } from "./membership-rules.js";
import { periodPrice } from "./product-prices.js";
import type { Product } from "./products.js";
import type { Subscription } from "./subscription-store.js";

/**
 * Coupons redeemed on a subscription that still discount invoices (a once code until one is paid, a repeating one for
 * its periods, a forever one always), in the order they were applied. With `sku`, only those valid for that plan (a
 * code restricted to plans waits while the subscription is on another).
 */
export async function pendingCoupons(db: Db, subscriptionId: string, sku?: string | null): Promise<CouponTerms[]> {
  let query = db
    .selectFrom("coupon_redemptions as r")
    .innerJoin("coupons as c", "c.code", "r.code")
    .select(["c.code", "c.type", "c.percent_off", "c.amount_off"])
    .where("r.subscription_id", "=", subscriptionId)
    .where(stillApplies)
    .orderBy("r.position")
    .orderBy("r.redeemed_at");
  if (sku) query = query.where(sql<boolean>`(c.skus is null or ${sku} = any(c.skus))`);
  return (await query.execute()).map(couponTerms);
}

/** A redemption that discounts the next paid invoice: it has periods left (or runs forever). */
const stillApplies = sql<boolean>`(r.periods is null or r.periods_used < r.periods)`;

export interface PeriodCharge {
  ok: boolean;
  invoiceId: string;
  amount: number;
  /** The period's price before coupons. */
  base: number;
  /** A failed charge's decline code (the dunning retries soft declines only). */
  declineCode: string | null;
  /** The charge waits for the member to authenticate it on the confirm page. */
  requiresAction: boolean;
}

/**
 * Bills one period of `product` on a subscription at the price the subscription pays for it then (a reprice reaches
 * existing subscribers on its date): the pending coupons discount it (one period of each is used when it is paid),
 * the default card is charged, and an invoice records the outcome either way.
 */
export async function chargePeriod(
  trx: Db,
  billing: BillingProvider,
  sub: Subscription,
  product: Product,
  period: { start: Date; end: Date },
  now: Date,
): Promise<PeriodCharge> {
  const coupons = await pendingCoupons(trx, sub.id, product.sku);
  const totals = couponTotals(await periodPrice(trx, sub, product, period.start), coupons);
  const result = await billing.charge(trx, {
    userId: sub.user_id,
    amount: totals.total,
    currency: product.currency,
    description: `${product.name} (${product.sku})`,
    idempotencyKey: `fitkit-${sub.id}-${period.start.toISOString()}-${sub.renewal_attempts}`,
  });
  const invoice = await trx
    .insertInto("invoices")
    .values({
      subscription_id: sub.id,
      user_id: sub.user_id,
      sku: product.sku,
      period_start: period.start,
      period_end: period.end,
      base_amount: totals.base,
      discount_amount: totals.discount,
      amount: totals.total,
      currency: product.currency,
      discount_code: coupons.length ? coupons.map((c) => c.code).join(",") : null,
      status: result.ok ? "paid" : "failed",
      payment_id: result.paymentId,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (result.ok && coupons.length) {
    await trx
      .updateTable("coupon_redemptions")
      .set((eb) => ({ invoice_id: invoice.id, periods_used: eb("periods_used", "+", 1) }))
      .where("subscription_id", "=", sub.id)
      .where(
        "code",
        "in",
        coupons.map((c) => c.code),
      )
      .where(sql<boolean>`(periods is null or periods_used < periods)`)
      .execute();
  }
  return {
    ok: result.ok,
    invoiceId: invoice.id,
    amount: totals.total,
    base: totals.base,
    declineCode: result.ok ? null : (result.declineCode ?? null),
    requiresAction: !result.ok && !!result.requiresAction,
  };
}
