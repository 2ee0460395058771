import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "../../src/domain/membership-pause.js";
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
} from "./membership-helpers.js";
import { startStripeDouble } from "./stripe-api-double.js";

const MONTHLY = "1month_trial0-R-SB";
const iso = (d: Date | string) => new Date(d).toISOString();

/** Access tokens last minutes: after moving the clock, sign in again. */
const again = async (t: TestApp, m: { email: string; password: string }) => (await t.signIn(m.email, m.password)).token;

const pause = (t: TestApp, token: string, id: string, body: unknown) =>
  t.call("POST", `/v2/subscriptions/subs/${id}/pause`, { token, body });
const withdraw = (t: TestApp, token: string, id: string) =>
  t.call("POST", `/v2/subscriptions/subs/${id}/pause/cancel`, { token });

const payments = (t: TestApp, userId: string) =>
  t.db
    .selectFrom("payments")
    .select(["amount", "status"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();

describe("pausing a membership (sandbox provider)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const sandboxPause = (id: string) =>
    t.db.selectFrom("sandbox_collection_pauses").selectAll().where("subscription_id", "=", id).executeTakeFirst();

  // Before the lifecycle tests move the clock past the demo memberships' dates.
  it("refuses what cannot pause, in the contract's error shape: bad months, someone else's, and each state", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    for (const months of [0, 4, -1, 12]) {
      expect(expectError(await pause(t, m.token, id, { months }), 400).text, `months ${months}`).toBe(
        "months must be one of the following values: 1, 2, 3",
      );
    }
    expect(expectError(await pause(t, m.token, id, { months: "2" }), 400).text).toContain(
      "months must be an integer number",
    );
    expect(expectError(await pause(t, m.token, id, { months: 1.5 }), 400).text).toContain(
      "months must be an integer number",
    );
    expect(expectError(await pause(t, m.token, id, {}), 400).text).toBe("months should not be empty");
    expect(expectError(await pause(t, m.token, id, { months: 1, resumes_at: "2030-01-01" }), 400).text).toBe(
      "property resumes_at should not exist",
    );
    expectError(await t.call("POST", `/v2/subscriptions/subs/${id}/pause`, { body: { months: 1 } }), 401);
    // Another member's subscription is answered like a missing one.
    const other = await t.signUp();
    expectError(await pause(t, other.token, id, { months: 1 }), 404);
    expectError(await withdraw(t, other.token, id), 404);
    expectError(await pause(t, m.token, "no-such-subscription", { months: 1 }), 404);
    expect((await current(t, m.token)).pause).toBeNull();

    const trial = await subscribedMember(t, "12month_trial7");
    expect(expectError(await pause(t, trial.token, trial.sub.subscription_id, { months: 1 }), 400).message).toBe(
      "A free trial cannot be paused",
    );

    const vip = await t.signIn("vip@demo.fitkit.dev");
    const vipSub = await current(t, vip.token);
    expect(expectError(await pause(t, vip.token, vipSub.subscription_id, { months: 1 }), 400).message).toBe(
      "VIP memberships are managed by member support",
    );
    // The demo's recharge member paused in the Recharge portal: no second pause on top.
    const paused = await t.signIn("paused@demo.fitkit.dev");
    const pausedSub = await current(t, paused.token);
    expect(expectError(await pause(t, paused.token, pausedSub.subscription_id, { months: 1 }), 400).message).toBe(
      "The membership is already paused",
    );

    // App Store and Google Play memberships are managed there.
    for (const [provider, message] of [
      ["apple", "This membership is managed in the App Store."],
      ["google", "This membership is managed in Google Play."],
    ] as const) {
      const store = await t.signUp();
      const now = t.clock.now();
      const row = await t.db
        .insertInto("subscriptions")
        .values({
          user_id: store.user.id,
          provider,
          identifier: `${provider}-receipt-${store.user.id}`,
          state: "active",
          name: "1 Month Digital Membership",
          original_purchase_date: now,
          current_period_start: now,
          expiration_date: new Date(now.getTime() + 30 * DAY),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(expectError(await pause(t, store.token, row.id, { months: 1 }), 400).message).toBe(message);
    }

    const cancelled = await subscribedMember(t, MONTHLY);
    await t.call("POST", `/v2/subscriptions/subs/${cancelled.sub.subscription_id}/cancel`, {
      token: cancelled.token,
      body: { reason: "too expensive" },
    });
    expect(
      expectError(await pause(t, cancelled.token, cancelled.sub.subscription_id, { months: 1 }), 400).message,
    ).toBe("A cancelled membership cannot be paused: reactivate it first");
  });

  it("schedules 2 months from the period end: access runs until then and every read carries the dates", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    const end = m.sub.expiration_date as string;
    // The answer says whether it may pause, so clients offer it by the server's rule.
    expect(m.sub).toMatchObject({ pause: null, pause_refusal: null });
    const res = await pause(t, m.token, id, { months: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const resumes = iso(addMonths(end, 2));
    expect(res.json()).toMatchObject({
      state: "active",
      display_state: "active",
      is_active: true,
      expiration_date: end,
      pause: { months: 2, starts_at: end, resumes_at: resumes },
      pause_refusal: "A pause is already scheduled for this membership",
      // Nothing is charged at the period end: the next payment is when it resumes, on the same plan.
      next_renewal: { amount: 1999, period_start: resumes, period_end: iso(addMonths(resumes, 1)) },
    });
    expect(await current(t, m.token)).toMatchObject({ pause: { months: 2, starts_at: end, resumes_at: resumes } });
    const all = (await t.call("GET", "/v2/subscriptions/subs/all", { token: m.token })).json();
    expect(all.items[0]).toMatchObject({ pause: { months: 2 } });
    expect(await claims(t, m.token)).toMatchObject({ entitlements: '["digital"]' });
    expect(await claims(t, m.token)).not.toHaveProperty("is_paused");
    // The sandbox provider records the paused collection window.
    expect(await sandboxPause(id)).toMatchObject({ user_id: m.user.id, starts_at: new Date(end) });
    expect((await events(t, id)).map((e) => e.action)).toEqual(["created", "pause_scheduled"]);

    // A paused or pause-scheduled membership cannot be paused again, so never past 3 months.
    expect(expectError(await pause(t, m.token, id, { months: 1 }), 400).message).toBe(
      "A pause is already scheduled for this membership",
    );
    expect((await current(t, m.token)).pause).toMatchObject({ months: 2, resumes_at: resumes });
  });

  it("two pause requests at once: exactly one is scheduled", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    const answers = await Promise.all([
      pause(t, m.token, id, { months: 3 }),
      pause(t, m.token, id, { months: 1 }),
      pause(t, m.token, id, { months: 2 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    expect((await current(t, m.token)).pause).toEqual(won.pause);
    expect((await events(t, id)).filter((e) => e.action === "pause_scheduled")).toHaveLength(1);
  });

  it("withdrawing a scheduled pause: it renews at the period end as before", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    expect(expectError(await withdraw(t, m.token, id), 400).message).toBe("No pause is scheduled for this membership");
    await pause(t, m.token, id, { months: 3 });
    const res = await withdraw(t, m.token, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: "active",
      pause: null,
      next_renewal: { amount: 1999, period_start: m.sub.expiration_date },
    });
    expect(await sandboxPause(id)).toBeUndefined();
    // Cancelling a membership drops a pause waiting on it (it ends where the pause would have started).
    await pause(t, m.token, id, { months: 1 });
    const cancelled = await t.call("POST", `/v2/subscriptions/subs/${id}/cancel`, {
      token: m.token,
      body: { reason: "not using enough" },
    });
    expect(cancelled.json()).toMatchObject({ state: "canceled", pause: null });
    expect(await sandboxPause(id)).toBeUndefined();
  });

  it("the renewal job pauses at the period end without charging and resumes at resumes_at, charging then", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    const end = new Date(m.sub.expiration_date as string);
    const scheduled = (await pause(t, m.token, id, { months: 1 })).json();
    const resumes = new Date(scheduled.pause.resumes_at as string);

    // Past the pause start: paused, no access, nothing charged.
    t.clock.set(end.getTime() + 1000);
    expect((await renewals(t)).paused).toBeGreaterThanOrEqual(1);
    let token = await again(t, m);
    const paused = await current(t, token);
    expect(paused).toMatchObject({
      state: "paused",
      display_state: "paused",
      is_active: false,
      paused_at: iso(end),
      pause: { months: 1, starts_at: iso(end), resumes_at: iso(resumes) },
      next_renewal: { amount: 1999, period_start: iso(resumes) },
      last_invoice: { amount: 1999, period_end: iso(end) },
    });
    expect(await claims(t, token)).toMatchObject({ is_paused: "true", entitlements: "[]" });
    expect(await payments(t, m.user.id)).toEqual([{ amount: 1999, status: "succeeded" }]);
    // Inside the window the sandbox collects nothing, whoever asks.
    const charge = await t.app.ctx.billing.charge(t.db, {
      userId: m.user.id,
      amount: 1999,
      currency: "USD",
      description: "during the pause",
      idempotencyKey: `pause-test-${id}`,
    });
    expect(charge.ok).toBe(false);
    expect(expectError(await pause(t, token, id, { months: 2 }), 400).message).toBe("The membership is already paused");
    expect(expectError(await withdraw(t, token, id), 400).message).toBe(
      "The pause has started: resume the membership instead",
    );

    // A day before it resumes: still paused.
    t.clock.set(resumes.getTime() - DAY);
    await renewals(t);
    token = await again(t, m);
    expect((await current(t, token)).state).toBe("paused");

    // Past resumes_at: the next period starts on the resume date and is charged.
    t.clock.set(resumes.getTime() + 1000);
    await renewals(t);
    token = await again(t, m);
    expect(await current(t, token)).toMatchObject({
      state: "active",
      is_active: true,
      pause: null,
      paused_at: null,
      current_period_start: iso(resumes),
      expiration_date: iso(addMonths(resumes, 1)),
      last_invoice: { amount: 1999, status: "paid", period_start: iso(resumes) },
    });
    expect(await claims(t, token)).toMatchObject({ entitlements: '["digital"]' });
    expect(await payments(t, m.user.id)).toEqual([
      { amount: 1999, status: "succeeded" },
      { amount: 1999, status: "succeeded" },
    ]);
    expect(await sandboxPause(id)).toBeUndefined();
    expect((await events(t, id)).map((e) => [e.actor, e.action, e.to_state])).toEqual([
      [`member:${m.user.id}`, "created", "active"],
      [`member:${m.user.id}`, "pause_scheduled", "active"],
      ["job:renewals", "paused", "paused"],
      ["job:renewals", "resumed", "active"],
    ]);
    // Once it has resumed, the member may pause again.
    expect((await pause(t, token, id, { months: 1 })).statusCode).toBe(200);
  });

  it("a server down through the whole pause pauses and resumes it in one run, charging one period", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    const resumes = new Date((await pause(t, m.token, id, { months: 2 })).json().pause.resumes_at as string);
    t.clock.set(resumes.getTime() + DAY);
    await renewals(t);
    const token = await again(t, m);
    expect(await current(t, token)).toMatchObject({ state: "active", current_period_start: iso(resumes) });
    expect(await payments(t, m.user.id)).toHaveLength(2);
  });

  it("resuming early charges a new period today, after the confirmation's quote", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    expect(
      expectError(await t.call("POST", `/v2/subscriptions/subs/${id}/unpause`, { token: m.token }), 400).message,
    ).toBe("Only a paused membership can be resumed");
    await pause(t, m.token, id, { months: 3 });
    t.clock.set(new Date(m.sub.expiration_date as string).getTime() + 10 * DAY);
    await renewals(t);
    const token = await again(t, m);
    const today = t.clock.now().toISOString();
    const quote = await t.call("GET", `/v2/subscriptions/subs/quote?sku=${MONTHLY}`, { token });
    expect(quote.json()).toMatchObject({ kind: "unpause", subscription_id: id, due_now: 1999, charge_date: today });
    // The recharge call stays for recharge subscriptions.
    expectError(await t.call("POST", `/v2/subscriptions/subs/${id}/recharge/unpause`, { token }), 400);
    const res = await t.call("POST", `/v2/subscriptions/subs/${id}/unpause`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: "active",
      pause: null,
      current_period_start: today,
      last_invoice: { amount: 1999, status: "paid", period_start: today },
    });
    expect(await sandboxPause(id)).toBeUndefined();
  });

  it("a card that fails when the pause ends makes it past due, retried from the resume date", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const id = m.sub.subscription_id as string;
    await addCard(t, m.token, VISA_CHARGE_FAILS);
    const resumes = new Date((await pause(t, m.token, id, { months: 1 })).json().pause.resumes_at as string);
    t.clock.set(resumes.getTime() + 1000);
    await renewals(t);
    const token = await again(t, m);
    expect(await current(t, token)).toMatchObject({
      state: "past_due",
      pause: null,
      expiration_date: iso(resumes),
      last_invoice: { amount: 1999, status: "failed", period_start: iso(resumes) },
    });
    expect(expectError(await pause(t, token, id, { months: 1 }), 400).message).toBe(
      "A membership with an unpaid renewal cannot be paused: update your card first",
    );
  });
});

describe("pausing a membership (Stripe provider)", () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
  beforeAll(async () => {
    stripe = await startStripeDouble();
    t = await startTestApp({
      config: { billing: { provider: "stripe", stripe: { secretKey: "sk_test_fitkit", apiBase: stripe.url } } },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("writes the pause on the Stripe customer, charges no PaymentIntent while paused and one when it resumes", async () => {
    const m = await t.signUp();
    await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
    await t.call("POST", "/commerce/v1/payment/setdefault", {
      token: m.token,
      body: { payment_method_id: "pm_card_mastercard" },
    });
    const sub = (await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: MONTHLY } })).json();
    const id = sub.subscription_id as string;
    const customer = () =>
      [...stripe.customers.values()].find((c) => c.default_payment_method === "pm_card_mastercard")!;
    const intents = () => stripe.requests.filter((r) => r.path === "/v1/payment_intents").length;

    const scheduled = await pause(t, m.token, id, { months: 2 });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const { starts_at, resumes_at } = scheduled.json().pause as { starts_at: string; resumes_at: string };
    expect(customer().metadata).toEqual({
      fitkit_pause_subscription: id,
      fitkit_pause_starts_at: starts_at,
      fitkit_pause_resumes_at: resumes_at,
    });
    // Withdrawn: the customer's metadata is cleared, and the card stays the default.
    await withdraw(t, m.token, id);
    expect(customer().metadata).toEqual({});
    await pause(t, m.token, id, { months: 2 });
    expect(customer().metadata.fitkit_pause_resumes_at).toBe(resumes_at);

    const charged = intents();
    t.clock.set(new Date(starts_at).getTime() + 1000);
    await renewals(t);
    expect(intents(), "no PaymentIntent at the period end").toBe(charged);
    let token = await again(t, m);
    expect(await current(t, token)).toMatchObject({ state: "paused", pause: { resumes_at } });

    t.clock.set(new Date(resumes_at).getTime() + 1000);
    await renewals(t);
    expect(intents()).toBe(charged + 1);
    const resumeCharge = stripe.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)!;
    expect(Object.fromEntries(resumeCharge.form)).toMatchObject({
      amount: "1999",
      payment_method: "pm_card_mastercard",
    });
    token = await again(t, m);
    expect(await current(t, token)).toMatchObject({
      state: "active",
      pause: null,
      current_period_start: resumes_at,
      last_invoice: { amount: 1999, status: "paid", period_start: resumes_at },
    });
    expect(customer().metadata).toEqual({});
  });
});
