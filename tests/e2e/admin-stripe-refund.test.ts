import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeDouble } from "../api/stripe-api-double.js";
import { closeBrowser, keepTokens, signInTokens, withSession } from "./browser.js";
import { visible } from "./app-helpers.js";
import { callApi, checkWidths } from "./app-part2-helpers.js";
import { startOwnServer } from "./own-server.js";

/**
 * Issue 30's Stripe refund in Chromium: a built server billing with Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
 * and STRIPE_API_BASE pointed at a stand-in of Stripe's API on this machine). A member pays with a card at the
 * stand-in; part of the payment is refunded in Stripe's dashboard (no call of fitkit's); Stripe's signed
 * charge.refunded event reaches /webhooks/stripe, and support sees the refund in the member's payments panel.
 */
const WEBHOOK_SECRET = "whsec_fitkit_e2e";

let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
let fitkit: Awaited<ReturnType<typeof startOwnServer>>;

beforeAll(async () => {
  stripe = await startStripeDouble();
  fitkit = await startOwnServer({
    env: {
      STRIPE_SECRET_KEY: "sk_test_fitkit_e2e",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    },
  });
}, 120_000);
afterAll(async () => {
  await closeBrowser();
  await fitkit.close();
  await stripe.close();
});

/** A new member paying $19.99 a month with a Stripe test card saved on their customer; answers their id. */
async function payingMember() {
  const api = <T>(token: string | undefined, path: string, body?: unknown) =>
    callApi<T>(token, path, body === undefined ? {} : { method: "POST", body }, fitkit.url);
  const email = `stripe-refund-${Date.now()}@example.com`;
  const { token } = await api<{ token: string }>(undefined, "/api/auth/sign-up/email", {
    email,
    password: "refund-secret",
    given_name: "Rae",
    family_name: "Refund",
    waiver_accepted: true,
  });
  stripe.cards.pm_test_refund = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, customer: null };
  await api(token, "/commerce/v1/payment/setup", {});
  await api(token, "/commerce/v1/payment/setdefault", { payment_method_id: "pm_test_refund" });
  await api(token, "/v2/subscriptions/subs", { sku: "1month_trial0-R-SB" });
  return (await api<{ sub: string }>(token, "/user/v1/attribute/claims")).sub;
}

/** Stripe's signed delivery of an event naming `object` (the handler reads the object again from Stripe's API). */
async function deliver(type: string, object: { id: string }) {
  const payload = JSON.stringify({
    id: `evt_e2e_${type}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = new Stripe("sk_test_fitkit_e2e").webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  const res = await fetch(`${fitkit.url}/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("a refund made in Stripe's dashboard", () => {
  it("reaches the console's payments panel through Stripe's signed charge.refunded event", async () => {
    const memberId = await payingMember();
    // The member's payment at Stripe: the PaymentIntent charged on the customer their card was attached to.
    const customer = stripe.cards.pm_test_refund!.customer;
    expect(customer, "fitkit attached the member's card to their Stripe customer").toMatch(/^cus_/);
    const intent = [...stripe.intents.values()].find((i) => i.customer === customer && i.status === "succeeded")!;
    expect(intent, "the member's first month was charged at Stripe").toBeDefined();
    expect(intent.amount).toBe(1999);

    stripe.refundInDashboard(intent.id, 700);
    await deliver("charge.refunded", { id: intent.latest_charge });

    await withSession(async (session) => {
      const tokens = await signInTokens("support@demo.fitkit.dev", "fitkit-demo", fitkit.url);
      await keepTokens(session, tokens, ["Essential"], fitkit.url);
      const page = await session.open(`${fitkit.url}/admin/members/${memberId}/payments`);
      const row = page.getByRole("row", { name: /1 Month Digital Membership/ });
      await visible(row);
      await visible(row.getByRole("cell", { name: /^\$7\.00/ }));
      await visible(
        row.getByText(/^\$7\.00 on .+ by the payment provider: Refunded in Stripe \(requested_by_customer\)$/),
      );
      // The rest of the payment can still be refunded from the console.
      await visible(row.getByRole("button", { name: /^Refund the payment of \$19\.99/ }));
      await checkWidths(session, page, "admin-stripe-refund");
      session.assertClean();
    });
  });
});
