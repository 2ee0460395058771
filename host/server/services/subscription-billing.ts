import type { Db } from "../db/index.js";
import type { BillingProvider } from "../billing/provider.js";
import { couponTerms, couponTotals, type CouponTerms } from "./membership-rules.js";
import type { Product } from "./products.js";
import type { Subscription } from "./subscription-store.js";

/** Coupons redeemed on a subscription and not yet used by an invoice, in the order they were applied. */
export async function pendingCoupons(db: Db, subscriptionId: string): Promise<CouponTerms[]> {
  const rows = await db
    .selectFrom("coupon_redemptions as r")
    .innerJoin("coupons as c", "c.code", "r.code")
    .select(["c.code", "c.type", "c.percent_off", "c.amount_off"])
    .where("r.subscription_id", "=", subscriptionId)
    .where("r.invoice_id", "is", null)
    .orderBy("r.position")
    .orderBy("r.redeemed_at")
    .execute();
  return rows.map(couponTerms);
}

export interface PeriodCharge {
  ok: boolean;
  invoiceId: string;
  amount: number;
  /** A failed charge's decline code (the dunning retries soft declines only). */
  declineCode: string | null;
  /** The charge waits for the member to authenticate it on the confirm page. */
  requiresAction: boolean;
}

/**
 * Bills one period of `product` on a subscription: the pending coupons discount it (and are used up when it is
 * paid), the default card is charged, and an invoice records the outcome either way.
 */
export async function chargePeriod(
  trx: Db,
  billing: BillingProvider,
  sub: Subscription,
  product: Product,
  period: { start: Date; end: Date },
  now: Date,
): Promise<PeriodCharge> {
  const coupons = await pendingCoupons(trx, sub.id);
  const totals = couponTotals(product.unit_amount, coupons);
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
      .set({ invoice_id: invoice.id })
      .where("subscription_id", "=", sub.id)
      .where("invoice_id", "is", null)
      .execute();
  }
  return {
    ok: result.ok,
    invoiceId: invoice.id,
    amount: totals.total,
    declineCode: result.ok ? null : (result.declineCode ?? null),
    requiresAction: !result.ok && !!result.requiresAction,
  };
}
