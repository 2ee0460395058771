import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { addCard, claims, current, renewals, subscribedMember } from "./membership-helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const quote = (token: string, sku: string, codes: string[] = []) =>
  t.call(
    "GET",
    `/v2/subscriptions/subs/quote?sku=${encodeURIComponent(sku)}${codes.map((c) => `&promo_code=${encodeURIComponent(c)}`).join("")}`,
    { token },
  );

describe("joining: the quote states what will be charged and when", () => {
  it("a member who never subscribed gets the trial free, then the price after the promo code when the trial ends", async () => {
    const m = await t.signUp();
    const res = await quote(m.token, "12month_trial7", ["welcome20"]);
    expect(res.statusCode, res.body).toBe(200);
    const trialEnd = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
    expect(res.json()).toEqual({
      kind: "checkout",
      subscription_id: null,
      sku: "12month_trial7",
      name: "12 Month Digital Membership, 7-Day Free Trial",
      currency: "USD",
      trial_days: 7,
      due_now: 0,
      base_price: 9588,
      discount: 1918,
      total_price: 7670,
      discount_codes: ["WELCOME20"],
      charge_date: trialEnd,
      renewal_price: 9588,
      interval: 12,
      interval_type: "month",
    });
    // The quote changed nothing: the code is still unused and there is no subscription.
    expectError(await t.call("GET", "/v2/subscriptions/subs", { token: m.token }), 404);

    await addCard(t, m.token);
    const start = await t.call("POST", "/v2/subscriptions/subs", {
      token: m.token,
      body: { sku: "12month_trial7", promo_codes: ["WELCOME20"] },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({
      state: "trial",
      trial_end: trialEnd,
      next_renewal: { amount: 7670, period_start: trialEnd, discount_code: "WELCOME20" },
    });
    expect(await claims(t, m.token)).toMatchObject({ entitlements: '["digital"]', is_trial: true });

    // The trial converts at the quoted amount on the quoted date, and the plan is no longer named a trial.
    t.clock.set(new Date(trialEnd).getTime() + 60_000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    expect(await current(t, token)).toMatchObject({
      state: "active",
      name: "12 Month Digital Membership",
      last_invoice: { amount: 7670, discount_code: "WELCOME20", period_start: trialEnd },
      next_renewal: { amount: 9588 },
    });
  });

  it("a lapsed member gets no second trial: the quote and the checkout charge the first period now, after the code", async () => {
    const lapsed = await t.signIn("lapsed@demo.fitkit.dev");
    const res = await quote(lapsed.token, "12month_trial7", ["TAKE15"]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: "checkout",
      name: "12 Month Digital Membership",
      trial_days: 0,
      due_now: 8150,
      total_price: 8150,
      charge_date: t.clock.now().toISOString(),
      renewal_price: 9588,
    });
    await addCard(t, lapsed.token);
    const start = await t.call("POST", "/v2/subscriptions/subs", {
      token: lapsed.token,
      body: { sku: "12month_trial7", promo_codes: ["TAKE15"] },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({
      state: "active",
      name: "12 Month Digital Membership",
      trial_end: null,
      last_invoice: { amount: 8150, status: "paid", discount_code: "TAKE15" },
      next_renewal: { amount: 9588 },
    });
    expect(await claims(t, lapsed.token)).toMatchObject({ entitlements: '["digital"]' });
  });

  it("refuses invalid and already used codes in the quote and the checkout, all or nothing", async () => {
    const m = await t.signUp();
    await addCard(t, m.token);
    expect(expectError(await quote(m.token, "1month_trial0-R-SB", ["EXPIRED10"]), 400).message).toBe(
      "Invalid Promo Code EXPIRED10",
    );
    expect(expectError(await quote(m.token, "1month_trial0-R-SB", ["SAVE5", "nope"]), 400).message).toBe(
      "Invalid Promo Code nope",
    );
    const bad = await t.call("POST", "/v2/subscriptions/subs", {
      token: m.token,
      body: { sku: "1month_trial0-R-SB", promo_codes: ["SAVE5", "RETIRED"] },
    });
    expect(expectError(bad, 400).message).toBe("Invalid Promo Code RETIRED");
    // Nothing was charged or redeemed: the same code still works.
    expectError(await t.call("GET", "/v2/subscriptions/subs", { token: m.token }), 404);
    const ok = await t.call("POST", "/v2/subscriptions/subs", {
      token: m.token,
      body: { sku: "1month_trial0-R-SB", promo_codes: ["SAVE5"] },
    });
    expect(ok.json()).toMatchObject({ last_invoice: { amount: 1499, discount_code: "SAVE5" } });
  });
});

describe("changing plan: the confirmation's numbers", () => {
  it("quotes the new plan after the promo code, at the period end, named without a trial", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const res = await quote(m.token, "12month_trial7", ["WELCOME20"]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: "plan_change",
      subscription_id: m.sub.subscription_id,
      name: "12 Month Digital Membership",
      trial_days: 0,
      due_now: 0,
      total_price: 7670,
      charge_date: m.sub.expiration_date,
    });
    const change = await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: { subscription_id: m.sub.subscription_id, sku: "12month_trial7", stripe_promo_code: "WELCOME20" },
    });
    expect(change.json()).toMatchObject({
      scheduled_change: { name: "12 Month Digital Membership" },
      next_renewal: { amount: 7670, period_start: m.sub.expiration_date },
    });
    // Asked again with the code now waiting on the subscription, the quote still counts it once.
    expect((await quote(m.token, "12month_trial7", ["WELCOME20"])).json()).toMatchObject({ total_price: 7670 });
  });
});

describe("cancel and reactivate", () => {
  it("keep a scheduled plan change, which then applies at the period end", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: { subscription_id: id, sku: "12month_trial7" },
    });
    const canceled = await t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, {
      token: m.token,
      body: { reason: "too expensive" },
    });
    expect(canceled.json()).toMatchObject({
      state: "canceled",
      scheduled_change: { sku: "12month_trial7", effective_at: m.sub.expiration_date },
    });
    const back = await t.call("POST", `/v2/subscriptions/subs/${id}/reactivate`, { token: m.token });
    expect(back.json()).toMatchObject({
      state: "active",
      scheduled_change: { sku: "12month_trial7", name: "12 Month Digital Membership" },
      next_renewal: { sku: "12month_trial7", amount: 9588, period_start: m.sub.expiration_date },
    });
    t.clock.set(new Date(m.sub.expiration_date).getTime() + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    expect(await current(t, token)).toMatchObject({
      sku: "12month_trial7",
      interval: 12,
      last_invoice: { amount: 9588, sku: "12month_trial7" },
    });
  });
});
