import { addMonths } from "../../../src/domain/membership-pause.js";

/**
 * The server's own membership arithmetic (sections 5 and 9): coupon totals in integer cents, renewal dates, trial-free
 * plan names. The membership state rules (display state, active, studio linking, plan SKUs) and the cancel reasons are
 * the clients' too and live in src/domain/membership.ts.
 */

export interface CouponTerms {
  code: string;
  type: "percentage" | "amount";
  /** Percent for percentage coupons (e.g. 12.5), cents for amount coupons. */
  amount: number;
}

/**
 * A coupon row's terms, the one place its columns become an amount: the percent off for a percentage coupon, the cents
 * off for an amount coupon (`numeric` columns arrive as text from PostgreSQL, hence `Number`).
 */
export function couponTerms(row: {
  code: string;
  type: CouponTerms["type"];
  percent_off: number | string | null;
  amount_off: number | string | null;
}): CouponTerms {
  return {
    code: row.code,
    type: row.type,
    amount: Number(row.type === "percentage" ? row.percent_off : row.amount_off),
  };
}

/** Cents off `cents` for one coupon: percentages round to two decimals of the currency, i.e. to whole cents. */
export function couponDiscount(cents: number, coupon: CouponTerms): number {
  const off =
    coupon.type === "percentage" ? Math.round((cents * Math.round(coupon.amount * 100)) / 10_000) : coupon.amount;
  return Math.min(cents, Math.max(0, off));
}

/** Applies coupons in order to a base price; the total never goes below zero (spec section 5). */
export function couponTotals(
  baseCents: number,
  coupons: CouponTerms[],
): { base: number; discount: number; total: number } {
  let total = baseCents;
  for (const coupon of coupons) total -= couponDiscount(total, coupon);
  return { base: baseCents, discount: baseCents - total, total };
}

/**
 * A plan's name for a member who gets no free trial with it (a plan change, a renewal, a second subscription):
 * "12 Month Digital Membership, 7-Day Free Trial" is "12 Month Digital Membership".
 */
export const nameWithoutTrial = (name: string) => name.replace(/,?\s*\d+-Day Free Trial$/i, "").trim() || name;

/** Adds a plan interval to a date, keeping the day of month where it exists (Jan 31 + 1 month → Feb 28). */
export function addInterval(from: Date, interval: number, type: string): Date {
  if (type === "day") return new Date(from.getTime() + interval * 86_400_000);
  if (type === "week") return new Date(from.getTime() + interval * 7 * 86_400_000);
  if (type !== "month") throw new Error(`not a renewing interval: ${type}`);
  return addMonths(from, interval);
}
