import type { Coupon } from "../api/types.js";
import { round2 } from "./numbers.js";

/** Spec §5: a coupon's total is never below zero; percentage discounts round to two decimals. */
export function couponTotal(price: number, coupon: Pick<Coupon, "type" | "amount">): number {
  const discount = coupon.type === "percentage" ? round2((price * coupon.amount) / 100) : coupon.amount;
  return Math.max(0, round2(price - discount));
}

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
