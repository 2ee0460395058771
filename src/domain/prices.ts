import { round2 } from "./numbers.js";

// Coupon arithmetic is the server's alone (host/server/services/membership-rules.ts, integer cents): clients show the
// totals it quotes (`GET /v2/subscriptions/subs/quote`) rather than computing a second answer.

/** Spec §5: yearly price per month = yearly / 12 rounded to two decimals ($95.88 → $7.99). */
export const yearlyPerMonth = (yearly: number) => round2(yearly / 12);

/** "$19.99" */
export const formatPrice = (amount: number, currency = "USD", locale = "en-US") =>
  new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);

export interface CouponCheck {
  code: string;
  valid: boolean;
}

/** Spec §4: all valid → success; any failure → the list of failed codes. */
export function couponOutcome(checks: CouponCheck[]): { ok: true } | { ok: false; invalid: string[] } {
  const invalid = checks.filter((c) => !c.valid).map((c) => c.code);
  return invalid.length ? { ok: false, invalid } : { ok: true };
}
