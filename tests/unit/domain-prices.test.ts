import { describe, expect, it } from "vitest";
import { couponOutcome, couponTotal, formatPrice, round2, yearlyPerMonth } from "../../src/domain/index.js";

describe("coupon totals (spec §5)", () => {
  it.each([
    [19.99, "percentage", 10, 17.99],
    [19.99, "percentage", 15, 16.99],
    [95.88, "percentage", 33, 64.24],
    [19.99, "percentage", 100, 0],
    [19.99, "amount", 5, 14.99],
    [19.99, "amount", 25, 0],
    [10, "amount", 10, 0],
  ] as const)("%s with a %s coupon of %s costs %s", (price, type, amount, total) => {
    expect(couponTotal(price, { type, amount })).toBe(total);
  });
  it("rounds percentage discounts to two decimals", () => {
    expect(couponTotal(1.01, { type: "percentage", amount: 50 })).toBe(0.5);
    expect(round2(1.005)).toBe(1.01);
  });
  it("answers success when every coupon is valid, otherwise the invalid codes", () => {
    expect(couponOutcome([{ code: "A", valid: true }])).toEqual({ ok: true });
    expect(
      couponOutcome([
        { code: "A", valid: true },
        { code: "B", valid: false },
        { code: "C", valid: false },
      ]),
    ).toEqual({ ok: false, invalid: ["B", "C"] });
  });
});

describe("yearly price per month (spec §5)", () => {
  it.each([
    [95.88, 7.99],
    [100, 8.33],
    [119.99, 10],
    [0, 0],
  ])("%s a year is %s a month", (yearly, monthly) => expect(yearlyPerMonth(yearly)).toBe(monthly));
  it("formats dollars", () => expect(formatPrice(95.88)).toBe("$95.88"));
});
