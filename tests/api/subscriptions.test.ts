import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import {
  addCard,
  claims,
  current,
  DAY,
  events,
  renewals,
  subscribedMember,
  VISA_CHARGE_FAILS,
  VISA_DECLINE,
} from "./membership-helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const stateOf = async (id: string) =>
  (await t.db.selectFrom("subscriptions").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state;

/** Access tokens last minutes: after moving the clock, sign in again. */
const again = async (m: { email: string; password: string }) => (await t.signIn(m.email, m.password)).token;

describe("starting a subscription (sandbox checkout)", () => {
  it("starts a first-time member on a free trial, entitled and flagged trial", async () => {
    const m = await subscribedMember(t, "12month_trial7");
    expect(m.sub).toMatchObject({
      provider: "stripe",
      state: "trial",
      display_state: "active",
      is_active: true,
      trial_days: 7,
      base_price: 9588,
      total_price: 9588,
      currency: "USD",
      last_invoice: null,
    });
    expect(new Date(m.sub.trial_end).getTime() - new Date(m.sub.trial_start).getTime()).toBe(7 * DAY);
    expect(m.sub.next_renewal).toMatchObject({ amount: 9588, sku: "12month_trial7", period_start: m.sub.trial_end });
    expect(m.sub.payment_method).toMatchObject({ brand: "visa", last4: "4242" });
    expect(await claims(t, m.token)).toMatchObject({ entitlements: '["digital"]', is_trial: true });
    expect((await events(t, m.sub.subscription_id)).map((e) => [e.action, e.from_state, e.to_state])).toEqual([
      ["created", null, "trial"],
    ]);
  });

  it("charges a plan without trial at once and records the invoice", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    expect(m.sub).toMatchObject({
      state: "active",
      base_price: 1999,
      last_invoice: { amount: 1999, status: "paid", sku: "1month_trial0-R-SB", currency: "USD" },
    });
    const payments = await t.db.selectFrom("payments").selectAll().where("user_id", "=", m.user.id).execute();
    expect(payments.map((p) => [p.amount, p.currency, p.status])).toEqual([[1999, "USD", "succeeded"]]);
  });

  it("refuses a declined card with the spec's payment copy and leaves nothing behind", async () => {
    const m = await t.signUp();
    await addCard(t, m.token, VISA_CHARGE_FAILS);
    const err = expectError(
      await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "1month_trial0-R-SB" } }),
      402,
    );
    expect(err.message).toBe("Unfortunately, there was an error while processing your payment");
    expectError(await t.call("GET", "/v2/subscriptions/subs", { token: m.token }), 404);
    expect(await t.db.selectFrom("invoices").select("id").where("user_id", "=", m.user.id).execute()).toEqual([]);
  });

  it("answers 4xx for an unknown SKU, a shop-only product, no card, and a second membership", async () => {
    const m = await t.signUp();
    expect(
      expectError(await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "nope" } }), 400)
        .message,
    ).toBe("Unknown SKU nope");
    expectError(await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "kit" } }), 400);
    expect(
      expectError(
        await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "1month_trial0-R-SB" } }),
        400,
      ).message,
    ).toBe("Add a payment method first");
    expectError(
      await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "1month_trial0-R-SB", extra: 1 } }),
      400,
    );
    const s = await subscribedMember(t, "1month_trial0-R-SB");
    expectError(
      await t.call("POST", "/v2/subscriptions/subs", { token: s.token, body: { sku: "12month_trial7" } }),
      409,
    );
  });

  it("gives no second free trial to a member who subscribed before", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    await t.call("POST", `/v2/subscriptions/subs/${m.sub.subscription_id}/cancel`, {
      token: m.token,
      body: { reason: "too expensive" },
    });
    t.clock.advance(32 * DAY);
    await renewals(t);
    const token = await again(m);
    const res = await t.call("POST", "/v2/subscriptions/subs", { token, body: { sku: "12month_trial7" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "active", trial_start: null, last_invoice: { amount: 9588 } });
    expect(
      (await t.call("GET", "/v2/subscriptions/subs/all", { token }))
        .json()
        .items.map((s: { state: string }) => s.state),
    ).toEqual(["active", "expired"]);
  });
});

// Before the lifecycle tests move the clock past the demo memberships' dates.
describe("paused (recharge) and managed-elsewhere memberships", () => {
  it("the paused demo member unpauses: charged, active and entitled again", async () => {
    const s = await t.signIn("paused@demo.fitkit.dev");
    const sub = await current(t, s.token);
    expect(sub).toMatchObject({
      provider: "recharge",
      state: "paused",
      is_active: false,
      payment_method: { last4: "4242" },
    });
    expect(await claims(t, s.token)).toMatchObject({ is_paused: "true", entitlements: "[]" });
    const portal = await t.call("GET", "/v2/subscriptions/subs/recharge/customer-portal", { token: s.token });
    expect(portal.json()).toEqual({ portalUrl: "http://app.fitkit.test/account/subscriptions" });

    // Before confirming, the member is told what unpausing charges and when: the plan's price, today.
    const quote = await t.call("GET", `/v2/subscriptions/subs/quote?sku=${encodeURIComponent(sub.sku)}`, {
      token: s.token,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      kind: "unpause",
      subscription_id: sub.subscription_id,
      trial_days: 0,
      due_now: 1999,
      total_price: 1999,
      renewal_price: 1999,
      charge_date: t.clock.now().toISOString(),
    });
    expect(await current(t, s.token), "a quote changes nothing").toMatchObject({ state: "paused" });

    const res = await t.call("POST", `/v2/subscriptions/subs/${sub.subscription_id}/recharge/unpause`, {
      token: s.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: "active",
      is_active: true,
      paused_at: null,
      last_invoice: { amount: 1999, status: "paid" },
    });
    const c = await claims(t, s.token);
    expect(c).toMatchObject({ entitlements: '["digital"]' });
    expect(c).not.toHaveProperty("is_paused");
    expectError(
      await t.call("POST", `/v2/subscriptions/subs/${sub.subscription_id}/recharge/unpause`, { token: s.token }),
      400,
    );
    expect((await events(t, sub.subscription_id)).map((e) => [e.action, e.from_state, e.to_state]).at(-1)).toEqual([
      "unpaused",
      "paused",
      "active",
    ]);
  });

  it("members without a recharge subscription have no portal", async () => {
    const s = await t.signIn("member@demo.fitkit.dev");
    expectError(await t.call("GET", "/v2/subscriptions/subs/recharge/customer-portal", { token: s.token }), 404);
  });

  it.each([
    ["vip", "VIP memberships are managed by member support"],
    ["studio", "Unlimited studio memberships are managed in the studio app."],
  ])("%s memberships cannot be changed or cancelled here", async (who, message) => {
    const s = await t.signIn(`${who}@demo.fitkit.dev`);
    const sub = await current(t, s.token);
    expect(sub.is_active).toBe(true);
    expect(
      expectError(
        await t.call("POST", `/v2/subscriptions/subs/${sub.subscription_id}/cancel`, {
          token: s.token,
          body: { reason: "too expensive" },
        }),
        400,
      ).message,
    ).toBe(message);
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token: s.token,
        body: { subscription_id: sub.subscription_id, sku: "12month_trial7" },
      }),
      400,
    );
  });

  it("a linked studio membership follows the studio directory: renewed there, then ended", async () => {
    const s = await t.signIn("studio@demo.fitkit.dev");
    const sub = await current(t, s.token);
    const renewedUntil = new Date(t.clock.now().getTime() + 400 * DAY);
    await t.db
      .updateTable("studio_memberships")
      .set({ valid_until: renewedUntil })
      .where("email", "=", "studio@demo.fitkit.dev")
      .execute();
    await renewals(t);
    expect(await current(t, s.token)).toMatchObject({ state: "active", expiration_date: renewedUntil.toISOString() });
    const ended = new Date(t.clock.now().getTime() - 1000);
    await t.db
      .updateTable("studio_memberships")
      .set({ valid_until: ended })
      .where("email", "=", "studio@demo.fitkit.dev")
      .execute();
    await renewals(t);
    expect(await current(t, s.token)).toMatchObject({ state: "expired", is_active: false, display_state: "canceled" });
    expect(await claims(t, s.token)).toMatchObject({ entitlements: "[]", unentitled_status: "previously_entitled" });
    expect((await events(t, sub.subscription_id)).map((e) => [e.action, e.to_state])).toEqual([
      ["created", "active"],
      ["studio_renewed", "active"],
      ["expired", "expired"],
    ]);
  });

  it("apple and google subscriptions are active only in active or trial state", async () => {
    const m = await t.signUp();
    const now = t.clock.now();
    await t.db
      .insertInto("subscriptions")
      .values({
        user_id: m.user.id,
        provider: "apple",
        identifier: `apple-${m.user.id}`,
        state: "active",
        sku: null,
        name: "App Store Membership",
        original_purchase_date: now,
        expiration_date: null,
      })
      .execute();
    expect(await current(t, m.token)).toMatchObject({
      provider: "apple",
      managed_by: "apple",
      is_active: true,
      display_state: "active",
    });
    expect(await claims(t, m.token)).toMatchObject({ entitlements: '["digital"]' });
    await t.db.updateTable("subscriptions").set({ state: "expired" }).where("user_id", "=", m.user.id).execute();
    expect(await claims(t, m.token)).toMatchObject({ entitlements: "[]", unentitled_status: "previously_entitled" });
  });
});

describe("the lifecycle, walked with the test clock", () => {
  it("trial → active → plan change scheduled → renewed on the new plan", async () => {
    const m = await subscribedMember(t, "1month_trial14");
    const id = m.sub.subscription_id;
    const trialEnd = new Date(m.sub.trial_end);

    // The job does nothing before the trial ends.
    t.clock.set(trialEnd.getTime() - 60_000);
    await renewals(t);
    expect(await stateOf(id)).toBe("trial");

    t.clock.set(trialEnd.getTime() + 60_000);
    expect((await renewals(t)).renewed).toBeGreaterThanOrEqual(1);
    let token = await again(m);
    let sub = await current(t, token);
    expect(sub).toMatchObject({
      state: "active",
      current_period_start: trialEnd.toISOString(),
      last_invoice: { amount: 1999, status: "paid", period_start: trialEnd.toISOString() },
    });
    expect(await claims(t, token)).toMatchObject({ entitlements: '["digital"]', is_trial: false });

    // Plan change: to twelve months, by the recharge-style interval fields; the stripe annual SKU is chosen.
    const change = await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token,
      body: { subscription_id: id, order_interval_frequency: 12, order_interval_unit: "month" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({
      sku: "1month_trial14",
      scheduled_change: { sku: "12month_trial7", base_price: 9588, effective_at: sub.expiration_date },
      next_renewal: { amount: 9588, sku: "12month_trial7", period_start: sub.expiration_date },
      base_price: 9588,
    });
    // Asking again is harmless; the current plan is refused while nothing is scheduled.
    expect(
      (
        await t.call("PUT", "/v2/subscriptions/subs/plan", {
          token,
          body: { subscription_id: id, sku: "12month_trial7" },
        })
      ).statusCode,
    ).toBe(200);

    const periodEnd = new Date(sub.expiration_date);
    t.clock.set(periodEnd.getTime() + 1000);
    await renewals(t);
    token = await again(m);
    sub = await current(t, token);
    expect(sub).toMatchObject({
      state: "active",
      sku: "12month_trial7",
      interval: 12,
      interval_type: "month",
      scheduled_change: null,
      last_invoice: { amount: 9588, sku: "12month_trial7" },
    });
    expect(new Date(sub.expiration_date).getUTCFullYear()).toBe(periodEnd.getUTCFullYear() + 1);
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token,
        body: { subscription_id: id, sku: "12month_trial14" },
      }),
      400,
    );

    const trail = await events(t, id);
    expect(trail.map((e) => [e.action, e.from_state, e.to_state])).toEqual([
      ["created", null, "trial"],
      ["trial_converted", "trial", "active"],
      ["plan_change_scheduled", "active", "active"],
      ["renewed", "active", "active"],
    ]);
    expect(trail.every((e) => e.actor && e.created_at instanceof Date)).toBe(true);
    expect(trail[2]!.actor).toBe(`member:${m.user.id}`);
    expect(trail[3]!.actor).toBe("job:renewals");
  });

  it("choosing the current plan again undoes a scheduled change", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    expect(
      expectError(
        await t.call("PUT", "/v2/subscriptions/subs/plan", {
          token: m.token,
          body: { subscription_id: id, sku: "1month_trial0-R-SB" },
        }),
        400,
      ).message,
    ).toBe("You are already on this plan");
    await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: { subscription_id: id, sku: "12month_trial7" },
    });
    const back = await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: { subscription_id: id, order_interval_frequency: 1, order_interval_unit: "month" },
    });
    expect(back.json()).toMatchObject({
      scheduled_change: null,
      next_renewal: { sku: "1month_trial0-R-SB", amount: 1999 },
    });
  });

  it("cancel at period end keeps access, reactivate before the end renews again, cancel again then expires", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    const cancel = await t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, {
      token: m.token,
      body: { reason: "not using enough" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      state: "canceled",
      display_state: "canceled",
      is_active: true,
      cancel_at_period_end: true,
      cancel_reason: "not using enough",
      next_renewal: null,
      expiration_date: m.sub.expiration_date,
    });
    expect(await claims(t, m.token)).toMatchObject({ entitlements: '["digital"]' });
    expectError(
      await t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, {
        token: m.token,
        body: { reason: "too expensive" },
      }),
      400,
    );
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token: m.token,
        body: { subscription_id: id, sku: "12month_trial7" },
      }),
      400,
    );

    const back = await t.call("POST", `/v2/subscriptions/subs/${id}/reactivate`, { token: m.token });
    expect(back.json()).toMatchObject({
      state: "active",
      cancel_reason: null,
      cancel_at_period_end: false,
      next_renewal: { amount: 1999 },
    });
    expectError(await t.call("POST", `/v2/subscriptions/subs/${id}/reactivate`, { token: m.token }), 400);

    await t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, {
      token: m.token,
      body: { reason: "other", explanation: "Moving abroad" },
    });
    t.clock.set(new Date(m.sub.expiration_date).getTime() + 1000);
    await renewals(t);
    const token = await again(m);
    const sub = await current(t, token);
    expect(sub).toMatchObject({
      state: "expired",
      display_state: "canceled",
      is_active: false,
      cancel_explanation: "Moving abroad",
    });
    expect(await claims(t, token)).toMatchObject({ entitlements: "[]", unentitled_status: "previously_entitled" });
    expectError(await t.call("POST", `/v2/subscriptions/subs/${id}/reactivate`, { token }), 400);
    expect((await events(t, id)).map((e) => e.action)).toEqual([
      "created",
      "canceled",
      "reactivated",
      "canceled",
      "expired",
    ]);
  });

  it("cancelling a trial ends access at the trial's end and reactivating returns to trial", async () => {
    const m = await subscribedMember(t, "12month_trial7");
    const id = m.sub.subscription_id;
    const res = await t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, {
      token: m.token,
      body: { reason: "method not as thought" },
    });
    expect(res.json()).toMatchObject({ state: "canceled", expiration_date: m.sub.trial_end });
    expect((await t.call("POST", `/v2/subscriptions/subs/${id}/reactivate`, { token: m.token })).json()).toMatchObject({
      state: "trial",
    });
  });

  it("requires a cancel reason from the spec's list, and an explanation for other", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const url = `/v2/subscriptions/subs/${m.sub.subscription_id}/cancel`;
    expect(expectError(await t.call("POST", url, { token: m.token, body: {} }), 400).message).toBe(
      "reason should not be empty",
    );
    expectError(await t.call("POST", url, { token: m.token, body: { reason: "bored" } }), 400);
    expect(expectError(await t.call("POST", url, { token: m.token, body: { reason: "other" } }), 400).message).toBe(
      "explanation should not be empty",
    );
    expectError(await t.call("POST", url, { token: m.token, body: { reason: "other", explanation: "   " } }), 400);
    expect((await current(t, m.token)).state).toBe("active");
    expect((await events(t, m.sub.subscription_id)).length).toBe(1);
  });

  it("a failing renewal goes past due, is retried, recovers when the card is updated or expires after the last retry", async () => {
    const m = await subscribedMember(t, "1month_trial7-R", VISA_CHARGE_FAILS);
    const id = m.sub.subscription_id;
    expect(m.sub).toMatchObject({ provider: "recharge", state: "trial" });
    t.clock.set(new Date(m.sub.trial_end).getTime() + 1000);
    await renewals(t);
    let token = await again(m);
    let sub = await current(t, token);
    expect(sub).toMatchObject({
      state: "past_due",
      is_active: false,
      last_invoice: { status: "failed", amount: 1999 },
    });
    expect(await claims(t, token)).toMatchObject({ entitlements: "[]" });

    t.clock.advance(DAY + 1000);
    await renewals(t);
    token = await again(m);
    await addCard(t, token);
    t.clock.advance(DAY + 1000);
    await renewals(t);
    token = await again(m);
    sub = await current(t, token);
    expect(sub).toMatchObject({
      state: "active",
      is_active: true,
      last_invoice: { status: "paid", period_start: m.sub.trial_end },
    });
    expect((await events(t, id)).map((e) => e.action)).toEqual([
      "created",
      "payment_failed",
      "payment_failed",
      "payment_recovered",
    ]);

    // The retries are on days 1, 3, 5 and 7 after the first failure (services/dunning.ts); day 7's ends it.
    const other = await subscribedMember(t, "1month_trial7-R", VISA_CHARGE_FAILS);
    const failedAt = Math.max(t.clock.now().getTime(), new Date(other.sub.trial_end).getTime()) + 1000;
    for (const day of [0, 1, 3, 5, 7]) {
      t.clock.set(failedAt + day * DAY);
      await renewals(t);
    }
    token = await again(other);
    expect(await current(t, token)).toMatchObject({ state: "expired", is_active: false });
    expect((await events(t, other.sub.subscription_id)).map((e) => e.action)).toEqual([
      "created",
      "payment_failed",
      "payment_failed",
      "payment_failed",
      "payment_failed",
      "expired_unpaid",
    ]);
  });

  it("a prepaid membership is valid until its date, then expires", async () => {
    const m = await subscribedMember(t, "3month_prepaid");
    expect(m.sub).toMatchObject({
      state: "prepaid",
      display_state: "active",
      is_active: true,
      next_renewal: null,
      last_invoice: { amount: 5997 },
    });
    expectError(
      await t.call("POST", `/v2/subscriptions/subs/${m.sub.subscription_id}/cancel`, {
        token: m.token,
        body: { reason: "too expensive" },
      }),
      400,
    );
    t.clock.set(new Date(m.sub.expiration_date).getTime() + 1000);
    await renewals(t);
    const token = await again(m);
    expect(await current(t, token)).toMatchObject({ state: "expired", is_active: false });
  });

  it("catches up several missed periods in one run", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    t.clock.set(new Date(m.sub.expiration_date).getTime() + 70 * DAY);
    await renewals(t);
    const token = await again(m);
    const sub = await current(t, token);
    expect(new Date(sub.expiration_date).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const invoices = await t.db
      .selectFrom("invoices")
      .select(["amount", "status"])
      .where("subscription_id", "=", m.sub.subscription_id)
      .execute();
    expect(invoices).toHaveLength(4);
    expect(invoices.every((i) => i.status === "paid" && i.amount === 1999)).toBe(true);
  });
});

describe("ownership and bad input", () => {
  it("answers 404 for another member's subscription id, whatever the call", async () => {
    const owner = await subscribedMember(t, "1month_trial0-R-SB");
    const intruder = await subscribedMember(t, "1month_trial0-R-SB");
    const id = owner.sub.subscription_id;
    const tok = intruder.token;
    expectError(
      await t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, { token: tok, body: { reason: "too expensive" } }),
      404,
    );
    expectError(await t.call("POST", `/v2/subscriptions/subs/${id}/reactivate`, { token: tok }), 404);
    expectError(await t.call("POST", `/v2/subscriptions/subs/${id}/recharge/unpause`, { token: tok }), 404);
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token: tok,
        body: { subscription_id: id, sku: "12month_trial7" },
      }),
      404,
    );
    expectError(
      await t.call("PUT", `/v2/subscriptions/subs/billing-address/${id}`, {
        token: tok,
        body: { address1: "1 Main St", city: "Chicago", country: "USA", state: "IL", zip: "60601" },
      }),
      404,
    );
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token: owner.token,
        body: { subscription_id: id, user_id: intruder.user.id, sku: "12month_trial7" },
      }),
      404,
    );
    expect((await current(t, owner.token)).state).toBe("active");
  });

  it("answers 401 without a token", async () => {
    expectError(await t.call("GET", "/v2/subscriptions/subs"), 401);
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/x/cancel", { body: { reason: "other", explanation: "x" } }),
      401,
    );
  });

  it("rejects malformed plan changes", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    expect(
      expectError(
        await t.call("PUT", "/v2/subscriptions/subs/plan", { token: m.token, body: { sku: "12month_trial7" } }),
        400,
      ).message,
    ).toBe("subscription_id should not be empty");
    expect(
      expectError(
        await t.call("PUT", "/v2/subscriptions/subs/plan", {
          token: m.token,
          body: { subscription_id: id, sku: "12month_nope" },
        }),
        400,
      ).message,
    ).toBe("Unknown SKU 12month_nope");
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token: m.token,
        body: { subscription_id: id, sku: "12month_trial0" },
      }),
      400,
    );
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token: m.token,
        body: { subscription_id: id, order_interval_frequency: 3 },
      }),
      400,
    );
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/plan", {
        token: m.token,
        body: { subscription_id: id, sku: "12month_trial7", admin: true },
      }),
      400,
    );
    expect((await current(t, m.token)).scheduled_change).toBeNull();
  });

  it("deactivating the account cancels its subscription at period end", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    expect((await t.call("POST", "/user/v2/sso/deactivate", { token: m.token })).statusCode).toBe(200);
    const row = await t.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", m.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "canceled", cancel_reason: "other", cancel_explanation: "Account deactivated" });
    expect((await events(t, row.id)).at(-1)).toMatchObject({
      actor: "system:deactivation",
      action: "canceled",
      from_state: "active",
      to_state: "canceled",
    });
  });

  it("a declined test card is never saved as the default", async () => {
    const m = await t.signUp();
    const { tokenize } = await import("./membership-helpers.js");
    const pm = await tokenize(t, m.token, VISA_DECLINE);
    const err = expectError(
      await t.call("POST", "/commerce/v1/payment/setdefault", { token: m.token, body: { payment_method_id: pm } }),
      402,
    );
    expect(err.message).toBe("Unfortunately, there was an error while processing your payment");
    expectError(await t.call("GET", "/commerce/v1/payment/default", { token: m.token }), 404);
  });
});

describe("races", () => {
  it("two checkouts at once create exactly one subscription and charge once", async () => {
    const m = await t.signUp();
    await addCard(t, m.token);
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "1month_trial0-R-SB" } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.db.selectFrom("subscriptions").select("id").where("user_id", "=", m.user.id).execute()).toHaveLength(
      1,
    );
    expect(
      await t.db
        .selectFrom("payments")
        .select("id")
        .where("user_id", "=", m.user.id)
        .where("status", "=", "succeeded")
        .execute(),
    ).toHaveLength(1);
  });

  it("two renewal runs at once bill each period once", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    t.clock.set(new Date(m.sub.expiration_date).getTime() + 1000);
    await Promise.all([renewals(t), renewals(t), renewals(t)]);
    const invoices = await t.db
      .selectFrom("invoices")
      .select("period_start")
      .where("subscription_id", "=", m.sub.subscription_id)
      .execute();
    expect(invoices).toHaveLength(2);
    expect(new Set(invoices.map((i) => i.period_start.toISOString())).size).toBe(2);
  });

  it("cancel and reactivate racing leave one consistent state with an audit row per change", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    const cancels = await Promise.all(
      [0, 1, 2].map(() =>
        t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, { token: m.token, body: { reason: "too expensive" } }),
      ),
    );
    expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await events(t, id)).map((e) => e.action)).toEqual(["created", "canceled"]);
  });
});
