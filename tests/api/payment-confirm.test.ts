import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import {
  addCard,
  claims,
  current,
  events,
  renewals,
  subscribedMember,
  VISA_CHARGE_FAILS,
} from "./membership-helpers.js";
import { startStripeDouble } from "./stripe-api-double.js";

/**
 * The confirm page's API: a renewal whose charge the member's bank wants authenticated (requires_action) keeps the
 * membership past due until the member confirms it; the confirmed charge pays the invoice and restores access at
 * once. With the sandbox (test card 4000 0027 6000 3184) and with Stripe (a local stand-in of its API).
 */
const T0 = new Date("2027-03-01T15:00:00.000Z");
const AUTHENTICATES = "4000 0027 6000 3184";
const TRIAL = "1month_trial7-R";

async function outboxFor(t: TestApp, email: string) {
  const res = await t.call("GET", "/dev/mail.json");
  return res
    .json<{ items: { to_address: string; subject: string; text_body: string }[] }>()
    .items.filter((m) => m.to_address === email);
}

describe("with the sandbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: new TestClock(T0) });
  }, 60_000);
  afterAll(() => t.close());

  /** A trial member whose card needs authentication for every charge, moved past the trial's end (the renewal). */
  async function waitingMember() {
    const m = await subscribedMember(t, TRIAL, AUTHENTICATES);
    t.clock.set(Math.max(t.clock.now().getTime(), new Date(m.sub.trial_end).getTime()) + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    return { ...m, token };
  }

  it("the charge waits for the member, who is emailed the confirm page; confirming restores access at once", async () => {
    const m = await waitingMember();
    expect(await current(t, m.token)).toMatchObject({ state: "past_due", is_active: false });
    // The app's banner links the confirm page (not the card form) by this claim.
    expect(await claims(t, m.token)).toMatchObject({ payment_due: "true", payment_confirm: "true" });
    const mail = (await outboxFor(t, m.email)).find((x) => x.subject === "Confirm your membership payment");
    expect(mail?.text_body).toContain(`${t.config.publicUrl}/account/membership/confirm`);

    const waiting = await t.call("GET", "/commerce/v1/payment/confirmation", { token: m.token });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const charge = waiting.json();
    expect(charge).toMatchObject({
      amount: 1999,
      currency: "USD",
      plan: expect.stringMatching(/\S/),
      card: { brand: "visa", last4: "3184" },
    });
    expect(charge.plan).not.toMatch(/trial/i);

    const done = await t.call("POST", "/commerce/v1/payment/confirm", {
      token: m.token,
      body: { payment_id: charge.payment_id },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ status: "succeeded" });
    expect(await current(t, m.token)).toMatchObject({
      state: "active",
      is_active: true,
      last_invoice: { status: "paid", period_start: m.sub.trial_end },
    });
    const after = await claims(t, m.token);
    expect(after).not.toHaveProperty("payment_due");
    expect(after).not.toHaveProperty("payment_confirm");
    expect((await events(t, m.sub.subscription_id)).map((e) => [e.actor, e.action])).toEqual([
      [`member:${m.user.id}`, "created"],
      ["job:renewals", "payment_failed"],
      [`member:${m.user.id}`, "payment_recovered"],
    ]);

    // Nothing waits any more; confirming the same charge again is refused, not charged twice.
    const none = expectError(await t.call("GET", "/commerce/v1/payment/confirmation", { token: m.token }), 404);
    expect(none.code).toBe("no_payment_to_confirm");
    const twice = expectError(
      await t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: { payment_id: charge.payment_id } }),
      409,
    );
    expect(twice.code).toBe("payment_already_made");
  });

  it("a renewal refused by the card (not waiting for authentication) asks for a new card, not a confirmation", async () => {
    const m = await subscribedMember(t, TRIAL, VISA_CHARGE_FAILS);
    t.clock.set(Math.max(t.clock.now().getTime(), new Date(m.sub.trial_end).getTime()) + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    const status = await claims(t, token);
    expect(status).toMatchObject({ payment_due: "true" });
    expect(status).not.toHaveProperty("payment_confirm");
    expect(expectError(await t.call("GET", "/commerce/v1/payment/confirmation", { token }), 404).code).toBe(
      "no_payment_to_confirm",
    );
  });

  it("refuses anonymous callers, other members' charges, unknown ids and bad bodies", async () => {
    const m = await waitingMember();
    const { payment_id } = (await t.call("GET", "/commerce/v1/payment/confirmation", { token: m.token })).json();
    expectError(await t.call("GET", "/commerce/v1/payment/confirmation"), 401);
    expectError(await t.call("POST", "/commerce/v1/payment/confirm", { body: { payment_id } }), 401);
    const other = await t.signUp();
    const notTheirs = expectError(
      await t.call("POST", "/commerce/v1/payment/confirm", { token: other.token, body: { payment_id } }),
      404,
    );
    expect(notTheirs.code).toBe("no_payment_to_confirm");
    expect(
      expectError(await t.call("GET", "/commerce/v1/payment/confirmation", { token: other.token }), 404).code,
    ).toBe("no_payment_to_confirm");
    expectError(
      await t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: { payment_id: "py_nope" } }),
      404,
    );
    expect(
      expectError(await t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: {} }), 400).code,
    ).toBe("validation");
    expectError(
      await t.call("POST", "/commerce/v1/payment/confirm", {
        token: m.token,
        body: { payment_id, returned: "yes", extra: 1 },
      }),
      400,
    );
    // The other member's attempt changed nothing.
    expect(await current(t, m.token)).toMatchObject({ state: "past_due" });
  });

  it("a charge the member no longer waits on (the card was fixed meanwhile) is not asked for", async () => {
    const m = await waitingMember();
    const { payment_id } = (await t.call("GET", "/commerce/v1/payment/confirmation", { token: m.token })).json();
    await addCard(t, m.token);
    expect(await current(t, m.token)).toMatchObject({ state: "active" });
    expectError(await t.call("GET", "/commerce/v1/payment/confirmation", { token: m.token }), 404);
    const stale = expectError(
      await t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: { payment_id } }),
      404,
    );
    expect(stale.code).toBe("no_payment_to_confirm");
    // Paid once, by the new card.
    const paid = await t.db
      .selectFrom("invoices")
      .select("status")
      .where("user_id", "=", m.user.id)
      .where("status", "=", "paid")
      .execute();
    expect(paid).toHaveLength(1);
  });

  it("two confirmations at once restore the membership once", async () => {
    const m = await waitingMember();
    const { payment_id } = (await t.call("GET", "/commerce/v1/payment/confirmation", { token: m.token })).json();
    const both = await Promise.all(
      [1, 2].map(() => t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: { payment_id } })),
    );
    for (const res of both) expect([200, 409, 404], res.body).toContain(res.statusCode);
    expect(both.some((res) => res.statusCode === 200)).toBe(true);
    expect(await current(t, m.token)).toMatchObject({ state: "active", is_active: true });
    const actions = (await events(t, m.sub.subscription_id)).map((e) => e.action);
    expect(actions.filter((a) => a === "payment_recovered")).toHaveLength(1);
  });
});

describe("with Stripe", () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
  beforeAll(async () => {
    stripe = await startStripeDouble();
    t = await startTestApp({
      clock: new TestClock(T0),
      config: { billing: { provider: "stripe", stripe: { secretKey: "sk_test_fitkit", apiBase: stripe.url } } },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  let cards = 0;
  /** A monthly member (paid with a good card) whose default card then needs authentication; the renewal waits. */
  async function waitingMember() {
    const m = await t.signUp();
    const good = `pm_good_${++cards}`;
    const strict = `pm_3ds_${cards}`;
    stripe.cards[good] = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, customer: null };
    stripe.cards[strict] = {
      brand: "visa",
      last4: "3184",
      exp_month: 12,
      exp_year: 2034,
      customer: null,
      authenticates: true,
    };
    const save = (pm: string) =>
      t.call("POST", "/commerce/v1/payment/setdefault", { token: m.token, body: { payment_method_id: pm } });
    expect((await save(good)).statusCode).toBe(200);
    const sub = await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "1month_trial0-R-SB" } });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await save(strict)).statusCode).toBe(200);
    t.clock.set(new Date(sub.json().expiration_date).getTime() + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    expect(await current(t, token)).toMatchObject({ state: "past_due" });
    const waiting = await t.call("GET", "/commerce/v1/payment/confirmation", { token });
    expect(waiting.statusCode, waiting.body).toBe(200);
    return { ...m, token, charge: waiting.json(), sub: sub.json() };
  }

  it("confirming sends the member to the bank's page; back from it, the paid charge restores access", async () => {
    const m = await waitingMember();
    expect(m.charge).toMatchObject({ card: { brand: "visa", last4: "3184" } });
    const intent = stripe.intents.get(m.charge.payment_id)!;
    expect(intent.status).toBe("requires_payment_method");

    const first = await t.call("POST", "/commerce/v1/payment/confirm", {
      token: m.token,
      body: { payment_id: intent.id },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      status: "requires_action",
      redirect_url: `https://hooks.stripe.test/3d_secure_2/${intent.id}`,
    });
    const call = stripe.requests.filter((r) => r.path === `/v1/payment_intents/${intent.id}/confirm`).at(-1)!;
    expect(call.form.get("return_url")).toBe(`${t.config.publicUrl}/account/membership/confirm?payment=${intent.id}`);
    expect(call.form.get("payment_method")).toMatch(/^pm_3ds_/);
    // Not paid until the bank says so.
    expect(await current(t, m.token)).toMatchObject({ state: "past_due" });

    stripe.authenticate(intent.id, true);
    const back = await t.call("POST", "/commerce/v1/payment/confirm", {
      token: m.token,
      body: { payment_id: intent.id, returned: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ status: "succeeded" });
    expect(await current(t, m.token)).toMatchObject({ state: "active", is_active: true });
    const payment = await t.db.selectFrom("payments").selectAll().where("id", "=", intent.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "succeeded", decline_code: null });
  });

  it("a failed authentication is refused with its code and can be tried again", async () => {
    const m = await waitingMember();
    const payment_id = m.charge.payment_id as string;
    await t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: { payment_id } });
    stripe.authenticate(payment_id, false);
    const refused = expectError(
      await t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: { payment_id, returned: true } }),
      402,
    );
    expect(refused).toMatchObject({
      code: "payment_not_confirmed",
      values: { decline_code: "payment_intent_authentication_failure" },
    });
    expect(await current(t, m.token)).toMatchObject({ state: "past_due" });
    const again = await t.call("POST", "/commerce/v1/payment/confirm", { token: m.token, body: { payment_id } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: "requires_action" });
  });
});
