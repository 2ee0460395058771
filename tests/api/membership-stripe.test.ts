import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { current, renewals } from "./membership-helpers.js";
import { startStripeDouble } from "./stripe-api-double.js";

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

const setDefault = (token: string, payment_method_id: string) =>
  t.call("POST", "/commerce/v1/payment/setdefault", { token, body: { payment_method_id } });

describe("the Stripe billing provider", () => {
  it("creates one customer and a SetupIntent whose secret the browser confirms with Stripe.js", async () => {
    const m = await t.signUp();
    const first = await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
    expect(first.json()).toEqual({ client_secret: expect.stringMatching(/^seti_\d+_secret_/) });
    await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
    const creates = stripe.requests.filter(
      (r) => r.path === "/v1/customers" && r.form.get("metadata[user_id]") === m.user.id,
    );
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`fitkit-customer-${m.user.id}`);
    const intents = stripe.requests.filter((r) => r.path === "/v1/setup_intents");
    expect(intents.at(-1)?.form.get("usage")).toBe("off_session");
    // Without STRIPE_WEBHOOK_SECRET there is no webhook endpoint.
    expectError(await t.call("POST", "/webhooks/stripe", { body: { id: "evt_1" } }), 404);
    // The sandbox card form does not exist with Stripe.
    expectError(
      await t.call("POST", "/commerce/v1/sandbox/payment-methods", {
        body: {
          client_secret: first.json().client_secret,
          number: "4242424242424242",
          exp_month: 1,
          exp_year: 2030,
          cvc: "123",
        },
      }),
      404,
    );
  });

  it("attaches the confirmed card, makes it the default and answers it", async () => {
    const m = await t.signUp();
    await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
    const res = await setDefault(m.token, "pm_card_visa");
    expect(res.json()).toEqual({ brand: "visa", exp_month: 12, exp_year: 2034, last4: "4242" });
    expect((await t.call("GET", "/commerce/v1/payment/default", { token: m.token })).json()).toEqual(res.json());
    expect([...stripe.customers.values()].some((c) => c.default_payment_method === "pm_card_visa")).toBe(true);
  });

  it("a declined card answers 402 with the spec's copy; an unknown or another customer's card 404", async () => {
    const m = await t.signUp();
    await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
    expect(expectError(await setDefault(m.token, "pm_card_chargeDeclined"), 402).message).toBe(
      "Unfortunately, there was an error while processing your payment",
    );
    expectError(await setDefault(m.token, "pm_nope"), 404);
    // pm_card_visa belongs to the previous test's customer now.
    expectError(await setDefault(m.token, "pm_card_visa"), 404);
    expectError(await t.call("GET", "/commerce/v1/payment/default", { token: m.token }), 404);
  });

  it("checkout charges a PaymentIntent off-session; renewals charge again and a declining card goes past due", async () => {
    const m = await t.signUp();
    await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
    await setDefault(m.token, "pm_card_mastercard");
    const res = await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "1month_trial0-R-SB" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: "active",
      payment_method: { brand: "mastercard", last4: "4444" },
      last_invoice: { amount: 1999, status: "paid" },
    });
    const charge = stripe.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)!;
    expect(Object.fromEntries(charge.form)).toMatchObject({
      amount: "1999",
      currency: "usd",
      payment_method: "pm_card_mastercard",
      off_session: "true",
      confirm: "true",
    });

    t.clock.set(new Date(res.json().expiration_date).getTime() + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    expect(await current(t, token)).toMatchObject({ state: "active", last_invoice: { amount: 1999, status: "paid" } });

    const d = await t.signUp();
    await t.call("POST", "/commerce/v1/payment/setup", { token: d.token });
    expect((await setDefault(d.token, "pm_card_visa_chargeDeclined")).statusCode).toBe(200);
    const declined = await t.call("POST", "/v2/subscriptions/subs", {
      token: d.token,
      body: { sku: "1month_trial0-R-SB" },
    });
    expectError(declined, 402);
    expectError(await t.call("GET", "/v2/subscriptions/subs", { token: d.token }), 404);

    const trial = await t.call("POST", "/v2/subscriptions/subs", { token: d.token, body: { sku: "12month_trial7" } });
    expect(trial.json()).toMatchObject({ state: "trial" });
    t.clock.set(new Date(trial.json().trial_end).getTime() + 1000);
    await renewals(t);
    const again = (await t.signIn(d.email, d.password)).token;
    expect(await current(t, again)).toMatchObject({
      state: "past_due",
      last_invoice: { amount: 9588, status: "failed" },
    });
    const failed = await t.db.selectFrom("payments").selectAll().where("user_id", "=", d.user.id).execute();
    expect(failed.map((p) => [p.status, p.amount])).toContainEqual(["failed", 9588]);
  });
});
