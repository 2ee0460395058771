import { describe, expect, it } from "vitest";
import { addInterval, couponDiscount, couponTerms, couponTotals } from "../../host/server/services/membership-rules.js";
import { cardBehavior, cardBrand, normalizeCardNumber } from "../../host/server/billing/test-cards.js";

describe("coupon totals and prices (spec section 5)", () => {
  it("reads a coupon row's amount from its percent off or its cents off, numeric text included", () => {
    const row = { code: "A", percent_off: "12.5", amount_off: null };
    expect(couponTerms({ ...row, type: "percentage" })).toEqual({ code: "A", type: "percentage", amount: 12.5 });
    expect(couponTerms({ code: "B", type: "amount", percent_off: null, amount_off: 500 })).toEqual({
      code: "B",
      type: "amount",
      amount: 500,
    });
  });
  it("rounds percentage discounts to the cent", () => {
    expect(couponDiscount(1999, { code: "A", type: "percentage", amount: 15 })).toBe(300);
    expect(couponDiscount(1999, { code: "A", type: "percentage", amount: 12.5 })).toBe(250);
    expect(couponDiscount(9588, { code: "A", type: "percentage", amount: 20 })).toBe(1918);
    expect(couponDiscount(1, { code: "A", type: "percentage", amount: 50 })).toBe(1);
  });

  it("never goes below zero and applies in order", () => {
    expect(couponTotals(1999, [{ code: "A", type: "amount", amount: 5000 }])).toEqual({
      base: 1999,
      discount: 1999,
      total: 0,
    });
    expect(
      couponTotals(1999, [
        { code: "A", type: "percentage", amount: 20 },
        { code: "B", type: "amount", amount: 500 },
      ]),
    ).toEqual({ base: 1999, discount: 900, total: 1099 });
    expect(
      couponTotals(1999, [
        { code: "B", type: "amount", amount: 500 },
        { code: "A", type: "percentage", amount: 20 },
      ]),
    ).toEqual({ base: 1999, discount: 800, total: 1199 });
    expect(couponTotals(1999, [])).toEqual({ base: 1999, discount: 0, total: 1999 });
  });
});

describe("plan intervals", () => {
  it("adds months keeping the day where it exists", () => {
    expect(addInterval(new Date("2026-01-31T10:00:00Z"), 1, "month").toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addInterval(new Date("2026-11-22T10:00:00Z"), 12, "month").toISOString()).toBe("2027-11-22T10:00:00.000Z");
    expect(addInterval(new Date("2026-11-22T10:00:00Z"), 1, "week").toISOString()).toBe("2026-11-29T10:00:00.000Z");
    expect(addInterval(new Date("2026-11-22T10:00:00Z"), 2, "day").toISOString()).toBe("2026-11-24T10:00:00.000Z");
  });
});

describe("sandbox test cards", () => {
  it("validates numbers with the Luhn checksum and knows the test cards", () => {
    expect(normalizeCardNumber("4242 4242 4242 4242")).toBe("4242424242424242");
    expect(normalizeCardNumber("4242-4242-4242-4241")).toBeUndefined();
    expect(normalizeCardNumber("abc")).toBeUndefined();
    expect(cardBehavior("4242424242424242")).toBe("succeed");
    expect(cardBehavior("4000000000000002")).toBe("decline");
    expect(cardBehavior("4000000000000341")).toBe("decline_on_charge");
    expect([
      cardBrand("4242424242424242"),
      cardBrand("5555555555554444"),
      cardBrand("378282246310005"),
      cardBrand("6011111111111117"),
    ]).toEqual(["visa", "mastercard", "amex", "discover"]);
  });
});
