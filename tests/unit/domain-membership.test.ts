import { describe, expect, it } from "vitest";
import {
  canLinkStudio,
  displayState,
  isSubscriptionActive,
  managedElsewhere,
  memberStatus,
  planInterval,
  planSku,
} from "../../src/domain/index.js";
import type { Claims, Provider } from "../../src/api/types.js";

const now = Date.parse("2026-11-22T12:00:00Z");
const future = "2026-12-22T12:00:00Z";
const past = "2026-10-22T12:00:00Z";
const plan = (provider: Provider, state: string, expiration_date: string | null = future) => ({
  provider,
  state,
  expiration_date,
});

describe("subscription display state (spec §4)", () => {
  it.each([
    ["active", future, "active"],
    ["trial", past, "active"],
    ["expired", future, "canceled"],
    ["canceled", future, "canceled"],
    ["", future, "inactive"],
    ["prepaid", future, "active"],
    ["prepaid", past, "prepaid"],
    ["paused", null, "paused"],
  ])("%s expiring %s shows %s", (state, expiration, shown) => {
    expect(displayState(plan("stripe", state, expiration), now)).toBe(shown);
  });
  it("shows inactive without a subscription", () => expect(displayState(null, now)).toBe("inactive"));
});

describe("active per provider (spec §4)", () => {
  it.each<[Provider, string, string | null, boolean]>([
    ["apple", "active", null, true],
    ["apple", "trial", past, true],
    ["apple", "canceled", future, false],
    ["google", "paused", future, false],
    ["stripe", "active", null, false],
    ["stripe", "paused", future, false],
    ["stripe", "active", future, true],
    ["stripe", "canceled", future, true],
    ["stripe", "canceled", past, false],
    ["stripe", "expired", future, false],
    ["recharge", "active", future, true],
    ["recharge", "trial", future, true],
    ["recharge", "expired", future, false],
    ["recharge", "canceled", future, true],
    ["recharge", "canceled", past, false],
    ["marianatek", "active", future, true],
    ["marianatek", "active", past, false],
  ])("%s %s expiring %s → %s", (provider, state, expiration, active) => {
    expect(isSubscriptionActive(plan(provider, state, expiration), now)).toBe(active);
  });
  it("is inactive without a subscription", () => expect(isSubscriptionActive(undefined, now)).toBe(false));
});

describe("studio linking (spec §4)", () => {
  it.each([
    ["active", future, false],
    ["trial", future, false],
    ["paused", past, false],
    ["expired", future, false],
    ["canceled", future, false],
    ["expired", past, true],
    ["canceled", past, true],
    ["inactive", future, true],
  ])("%s expiring %s → linkable %s", (state, expiration, linkable) => {
    expect(canLinkStudio(plan("stripe", state, expiration), now)).toBe(linkable);
  });
  it("is allowed without a subscription", () => expect(canLinkStudio(null, now)).toBe(true));
});

describe("plan change SKUs and intervals (spec §9)", () => {
  it.each<[Provider, "monthly" | "annual", string]>([
    ["stripe", "monthly", "1month_trial0-R-SB"],
    ["recharge", "monthly", "1month_trial7-R"],
    ["stripe", "annual", "12month_trial7"],
    ["recharge", "annual", "12month_trial0"],
  ])("%s %s → %s", (provider, period, sku) => expect(planSku(period, provider)).toBe(sku));
  it("uses monthly or twelve months", () => {
    expect(planInterval("monthly")).toEqual({ frequency: 1, unit: "month" });
    expect(planInterval("annual")).toEqual({ frequency: 12, unit: "month" });
  });
  it("sends app-store and studio plans elsewhere", () => {
    expect(managedElsewhere("apple")).toBe("apple");
    expect(managedElsewhere("google")).toBe("google");
    expect(managedElsewhere("marianatek")).toBe("studio");
    expect(managedElsewhere("stripe")).toBeNull();
  });
});

describe("member status from claims (spec §3, §6)", () => {
  const claims = (over: Partial<Claims>): Claims => ({
    sub: "u",
    given_name: "A",
    family_name: "B",
    email: "a@b.c",
    is_trial: false,
    entitlements: "[]",
    ...over,
  });
  it("is entitled when the entitlements list is non-empty", () => {
    expect(memberStatus(claims({ entitlements: '["digital"]' }))).toMatchObject({
      entitled: true,
      entitlements: ["digital"],
    });
    expect(memberStatus(claims({ entitlements: "[]" })).entitled).toBe(false);
  });
  it("reads the sub-statuses from their string flags", () => {
    expect(
      memberStatus(
        claims({
          is_trial: "true",
          "custom:is_vip": "true",
          is_paused: "true",
          unentitled_status: "previously_entitled",
          payment_due: "true",
          payment_confirm: "true",
        }),
      ),
    ).toMatchObject({
      trial: true,
      vip: true,
      paused: true,
      previouslyEntitled: true,
      paymentDue: true,
      paymentConfirm: true,
    });
    expect(memberStatus(claims({ payment_due: "true" }))).toMatchObject({ paymentDue: true, paymentConfirm: false });
  });
  it("treats missing or malformed claims as a visitor", () => {
    expect(memberStatus(null)).toMatchObject({ entitled: false, trial: false, vip: false });
    expect(memberStatus(claims({ entitlements: "not json" })).entitled).toBe(false);
  });
});
