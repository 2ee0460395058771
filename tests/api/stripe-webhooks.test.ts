import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { current, renewals } from "./membership-helpers.js";
import { startStripeDouble } from "./stripe-api-double.js";

/**
 * POST /webhooks/stripe against a local stand-in of Stripe's API: signatures (wrong, stale, missing), each event id
 * applied once, and each handled event type's effect, read again from the API rather than from the payload.
 */
const SECRET = "whsec_fitkit_test";
const MONTHLY = "1month_trial0-R-SB";
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
const webhooks = new Stripe("sk_test_fitkit").webhooks;

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await startTestApp({
    clock: new TestClock(T0),
    config: {
      billing: {
        provider: "stripe",
        stripe: { secretKey: "sk_test_fitkit", apiBase: stripe.url, webhookSecret: SECRET },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stripe.close();
});

let events = 0;
/** Sends a signed event naming `object` (Stripe's thin payload is all the handler needs: it reads the object again). */
async function deliver(
  type: string,
  object: { id: string },
  options: { id?: string; secret?: string; at?: number } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${++events}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    ...(options.at ? { timestamp: options.at } : {}),
  });
  return t.call("POST", "/webhooks/stripe", { body: payload, headers: { "stripe-signature": header } });
}

let cards = 0;
/** A member paying monthly with a fresh Stripe test card of their own (attached to their customer). */
async function payingMember(last4 = "4242", declineCode?: string) {
  const m = await t.signUp();
  const pm = `pm_test_${++cards}`;
  stripe.cards[pm] = {
    brand: "visa",
    last4,
    exp_month: 12,
    exp_year: 2034,
    customer: null,
    ...(declineCode ? { declines: "charge" as const, declineCode } : {}),
  };
  await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
  const saved = await t.call("POST", "/commerce/v1/payment/setdefault", {
    token: m.token,
    body: { payment_method_id: pm },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...m, pm };
}

async function subscribe(m: { token: string }) {
  const res = await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: MONTHLY } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const invoiceOf = (userId: string) =>
  t.db
    .selectFrom("invoices")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();

/** Access tokens last minutes and the test clock moves: support signs in for each look. */
const support = async () => (await t.signIn("support@demo.fitkit.dev")).token;

const consolePayments = async (userId: string) =>
  (await t.call("GET", `/admin/v1/members/${userId}/payments`, { token: await support() })).json<{
    items: {
      invoice_id: string;
      refunded: number;
      disputed_at: string | null;
      refunds: { amount: number; source: string }[];
    }[];
  }>().items;

async function outboxFor(email: string) {
  const res = await t.call("GET", "/dev/mail.json");
  return res
    .json<{ items: { to_address: string; subject: string; text_body: string }[] }>()
    .items.filter((m) => m.to_address === email);
}

describe("signatures", () => {
  it("a wrong secret, a stale timestamp or no signature is refused with 400; a good one is taken", async () => {
    const wrong = expectError(await deliver("charge.refunded", { id: "ch_x" }, { secret: "whsec_other" }), 400);
    expect(wrong.message).toBe("The Stripe-Signature header does not sign this body, or is too old");
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expectError(await deliver("charge.refunded", { id: "ch_x" }, { at: stale }), 400);
    expectError(await t.call("POST", "/webhooks/stripe", { body: { id: "evt_1" } }), 400);
    // A signed event of a kind fitkit does not act on is acknowledged (Stripe stops resending it).
    const other = await deliver("customer.created", { id: "cus_x" });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toEqual({ received: true });
  });
});

describe("refunds seen at Stripe", () => {
  it("a dashboard refund appears in the console's payments once, however often the event comes", async () => {
    const m = await payingMember();
    await subscribe(m);
    const invoice = await invoiceOf(m.user.id);
    const intent = stripe.intents.get(invoice.payment_id!)!;
    stripe.refundInDashboard(intent.id, 700);
    const event = { id: "evt_dashboard_refund" };
    expect((await deliver("charge.refunded", { id: intent.latest_charge }, event)).statusCode).toBe(200);
    expect((await deliver("charge.refunded", { id: intent.latest_charge }, event)).statusCode).toBe(200);
    const [paid] = await consolePayments(m.user.id);
    expect(paid).toMatchObject({
      invoice_id: invoice.id,
      refunded: 700,
      refunds: [{ amount: 700, source: "provider" }],
    });
  });

  it("a console refund followed by its webhook is recorded once, by Stripe's refund id", async () => {
    const m = await payingMember();
    await subscribe(m);
    const invoice = await invoiceOf(m.user.id);
    const res = await t.call("POST", `/admin/v1/members/${m.user.id}/invoices/${invoice.id}/refunds`, {
      token: await support(),
      body: { amount: 999, reason: "Billed after cancelling", endAccess: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const call = stripe.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").at(-1)!;
    expect(call.form.get("payment_intent")).toBe(invoice.payment_id);
    expect(call.form.get("amount")).toBe("999");
    expect(call.idempotencyKey).toBe(`fitkit-refund-${invoice.id}-0-999`);
    const intent = stripe.intents.get(invoice.payment_id!)!;
    expect((await deliver("charge.refunded", { id: intent.latest_charge })).statusCode).toBe(200);
    const [paid] = await consolePayments(m.user.id);
    expect(paid!.refunds).toEqual([expect.objectContaining({ amount: 999, source: "console" })]);
    expect(paid!.refunded).toBe(999);
  });
});

describe("payment intents", () => {
  it("failed keeps the decline; requires_action emails the confirm page; succeeded restores a past-due member", async () => {
    const m = await payingMember("0341", "insufficient_funds");
    // Subscribing fails with this card: give the member a paid first month with a good card, then switch.
    const good = `pm_good_${++cards}`;
    stripe.cards[good] = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, customer: null };
    await t.call("POST", "/commerce/v1/payment/setdefault", { token: m.token, body: { payment_method_id: good } });
    const sub = await subscribe(m);
    await t.call("POST", "/commerce/v1/payment/setdefault", { token: m.token, body: { payment_method_id: m.pm } });
    t.clock.set(new Date(sub.expiration_date).getTime() + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    expect(await current(t, token)).toMatchObject({ state: "past_due" });
    const failed = await invoiceOf(m.user.id);
    const intent = stripe.intents.get(failed.payment_id!)!;

    expect((await deliver("payment_intent.payment_failed", { id: intent.id })).statusCode).toBe(200);
    const payment = () => t.db.selectFrom("payments").selectAll().where("id", "=", intent.id).executeTakeFirstOrThrow();
    expect(await payment()).toMatchObject({ status: "failed", decline_code: "insufficient_funds" });

    intent.status = "requires_action";
    expect((await deliver("payment_intent.requires_action", { id: intent.id })).statusCode).toBe(200);
    expect(await payment()).toMatchObject({ status: "requires_action" });
    const mail = (await outboxFor(m.email)).find((x) => x.subject === "Confirm your membership payment");
    expect(mail?.text_body).toContain(`${t.config.publicUrl}/account/membership`);

    // Events out of order: an old payment_failed arriving after success changes nothing, Stripe's state now wins.
    intent.status = "succeeded";
    expect((await deliver("payment_intent.succeeded", { id: intent.id })).statusCode).toBe(200);
    expect((await deliver("payment_intent.payment_failed", { id: intent.id })).statusCode).toBe(200);
    expect(await payment()).toMatchObject({ status: "succeeded" });
    expect(await current(t, token)).toMatchObject({ state: "active", is_active: true });
    expect((await invoiceOf(m.user.id)).status).toBe("paid");
  });
});

describe("disputes and cards", () => {
  it("charge.dispute.created flags the invoice in the console and emails every admin", async () => {
    const m = await payingMember();
    await subscribe(m);
    const invoice = await invoiceOf(m.user.id);
    const dispute = stripe.openDispute(invoice.payment_id!);
    expect((await deliver("charge.dispute.created", { id: dispute.id })).statusCode).toBe(200);
    const [paid] = await consolePayments(m.user.id);
    expect(paid!.disputed_at).toBe(t.clock.now().toISOString());
    const mail = await outboxFor("admin@demo.fitkit.dev");
    expect(mail.map((x) => x.subject)).toContain(`Payment disputed: $19.99 from ${m.email}`);
    // Support, editors and viewers are not admins: not told.
    expect((await outboxFor("support@demo.fitkit.dev")).map((x) => x.subject)).not.toContain(
      `Payment disputed: $19.99 from ${m.email}`,
    );
  });

  it("payment_method.automatically_updated copies the new card; payment_method.detached clears the default", async () => {
    const m = await payingMember("1111");
    stripe.cards[m.pm]!.last4 = "5556";
    stripe.cards[m.pm]!.exp_year = 2036;
    expect((await deliver("payment_method.automatically_updated", { id: m.pm })).statusCode).toBe(200);
    const card = await t.call("GET", "/commerce/v1/payment/default", { token: m.token });
    expect(card.json()).toMatchObject({ last4: "5556", exp_year: 2036 });

    stripe.cards[m.pm]!.customer = null;
    expect((await deliver("payment_method.detached", { id: m.pm })).statusCode).toBe(200);
    expectError(await t.call("GET", "/commerce/v1/payment/default", { token: m.token }), 404);
  });
});
