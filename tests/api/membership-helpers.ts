import { expect } from "vitest";
import { runRenewals } from "../../host/server/jobs/renewals.js";
import type { TestApp } from "./harness.js";

export const DAY = 86_400_000;
export const VISA_OK = "4242 4242 4242 4242";
export const VISA_DECLINE = "4000 0000 0000 0002";
export const VISA_CHARGE_FAILS = "4000 0000 0000 0341";

/** The sandbox card form: setup secret → payment method id. */
export async function tokenize(t: TestApp, token: string, number = VISA_OK) {
  const setup = await t.call("POST", "/commerce/v1/payment/setup", { token });
  expect(setup.statusCode).toBe(200);
  const { client_secret } = setup.json();
  const year = t.clock.now().getUTCFullYear() + 2;
  const pm = await t.call("POST", "/commerce/v1/sandbox/payment-methods", {
    body: { client_secret, number, exp_month: 4, exp_year: year, cvc: "123" },
  });
  expect(pm.statusCode, pm.body).toBe(200);
  return pm.json().payment_method_id as string;
}

/** Saves a card as the member's default. */
export async function addCard(t: TestApp, token: string, number = VISA_OK) {
  const res = await t.call("POST", "/commerce/v1/payment/setdefault", {
    token,
    body: { payment_method_id: await tokenize(t, token, number) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fresh member with a card on file, subscribed to `sku`. */
export async function subscribedMember(t: TestApp, sku: string, card = VISA_OK) {
  const m = await t.signUp();
  await addCard(t, m.token, card);
  const res = await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, sub: res.json() };
}

export const renewals = (t: TestApp) =>
  runRenewals({ db: t.db, clock: t.clock, billing: t.app.ctx.billing, publicUrl: t.config.publicUrl });

export async function current(t: TestApp, token: string) {
  const res = await t.call("GET", "/v2/subscriptions/subs", { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function claims(t: TestApp, token: string) {
  return (await t.call("GET", "/user/v1/attribute/claims", { token })).json();
}

/** The audit trail of a subscription, oldest first. */
export async function events(t: TestApp, subscriptionId: string) {
  return t.db
    .selectFrom("subscription_events")
    .select(["actor", "action", "from_state", "to_state", "created_at"])
    .where("subscription_id", "=", subscriptionId)
    .orderBy("id")
    .execute();
}
