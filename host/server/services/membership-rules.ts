/**
 * The spec's pure membership rules (sections 4, 5 and 9), free of I/O so the server and clients agree on them.
 * Amounts are integer cents.
 */

export interface SubscriptionFacts {
  provider: string;
  state: string;
  expiration_date: Date | null;
}

const isPast = (date: Date | null, now: Date) => !!date && date.getTime() <= now.getTime();

/**
 * Display state (spec section 4): active/trial → active; expired/canceled → canceled; empty → inactive; else by
 * expiration.
 */
export function displayState(sub: SubscriptionFacts | undefined, now: Date): string {
  if (!sub || !sub.state) return "inactive";
  if (sub.state === "active" || sub.state === "trial") return "active";
  if (sub.state === "expired" || sub.state === "canceled") return "canceled";
  return sub.expiration_date && !isPast(sub.expiration_date, now) ? "active" : sub.state;
}

/**
 * Whether a subscription grants access now (spec section 4): Apple and Google only when active or trial; any other
 * provider needs an expiration date and not paused; a recharge subscription not cancelled needs active or trial;
 * otherwise it must not be expired.
 */
export function isActiveSubscription(sub: SubscriptionFacts, now: Date): boolean {
  if (sub.provider === "apple" || sub.provider === "google") return sub.state === "active" || sub.state === "trial";
  if (!sub.expiration_date || sub.state === "paused") return false;
  if (sub.provider === "recharge" && sub.state !== "canceled") return sub.state === "active" || sub.state === "trial";
  return sub.state !== "expired" && !isPast(sub.expiration_date, now);
}

/**
 * Studio (marianatek) linking (spec section 4) is allowed unless the member's subscription is active, trial or
 * paused, or is expired/canceled but still valid.
 */
export function studioLinkAllowed(sub: SubscriptionFacts | undefined, now: Date): boolean {
  if (!sub) return true;
  if (sub.state === "active" || sub.state === "trial" || sub.state === "paused") return false;
  if ((sub.state === "expired" || sub.state === "canceled") && sub.expiration_date && !isPast(sub.expiration_date, now))
    return false;
  return true;
}

export interface CouponTerms {
  code: string;
  type: "percentage" | "amount";
  /** Percent for percentage coupons (e.g. 12.5), cents for amount coupons. */
  amount: number;
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

/** Yearly price per month (spec section 5): yearly / 12 rounded to two decimals, i.e. to whole cents. */
export const yearlyPerMonth = (yearlyCents: number) => Math.round(yearlyCents / 12);

/** The plan-change SKU per provider and period (spec section 9). */
export function planSku(provider: string, period: "monthly" | "annual"): string {
  if (period === "monthly") return provider === "stripe" ? "1month_trial0-R-SB" : "1month_trial7-R";
  return provider === "stripe" ? "12month_trial7" : "12month_trial0";
}

/**
 * A plan's name for a member who gets no free trial with it (a plan change, a renewal, a second subscription):
 * "12 Month Digital Membership, 7-Day Free Trial" is "12 Month Digital Membership".
 */
export const nameWithoutTrial = (name: string) => name.replace(/,?\s*\d+-Day Free Trial$/i, "").trim() || name;

/** The cancel reasons of spec section 3; "other" needs a free-text explanation. */
export const CANCEL_REASONS = [
  "method not as thought",
  "too expensive",
  "not seeing expected results",
  "not using enough",
  "other",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Adds a plan interval to a date, keeping the day of month where it exists (Jan 31 + 1 month → Feb 28). */
export function addInterval(from: Date, interval: number, type: string): Date {
  const d = new Date(from.getTime());
  if (type === "day") return new Date(d.getTime() + interval * 86_400_000);
  if (type === "week") return new Date(d.getTime() + interval * 7 * 86_400_000);
  if (type !== "month") throw new Error(`not a renewing interval: ${type}`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + interval);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
