import { describe, expect, it } from "vitest";
import { couponOutcome, formatPrice, round2, yearlyPerMonth } from "../../src/domain/index.js";

describe("coupon outcomes (spec §4)", () => {
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
  it("rounds to cents, correcting binary artefacts", () => expect(round2(1.005)).toBe(1.01));
});
