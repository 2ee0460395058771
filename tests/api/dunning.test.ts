import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { startTestApp, type TestApp } from "./harness.js";
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

/**
 * Failed-payment recovery on the sandbox provider and the server's test clock: a failed renewal goes past due and is
 * retried on days 1, 3, 5 and 7 after the failure (soft declines only), the member is emailed a link to fix the card,
 * a fixed card is charged at once and restores access, and after the last retry the membership lapses with an email.
 */
const TRIAL = "1month_trial7-R";
const STOLEN = "4000 0000 0000 9979";
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
}, 60_000);
afterAll(() => t.close());

const again = async (m: { email: string; password: string }) => (await t.signIn(m.email, m.password)).token;

async function outboxFor(email: string) {
  const res = await t.call("GET", "/dev/mail.json");
  return res
    .json<{ items: { to_address: string; subject: string; text_body: string }[] }>()
    .items.filter((m) => m.to_address === email);
}

const charges = async (userId: string) =>
  (await t.db.selectFrom("payments").select("id").where("user_id", "=", userId).execute()).length;

/** A trial member whose card will fail, moved to the end of the trial (the renewal that fails). */
async function failingRenewal(card = VISA_CHARGE_FAILS) {
  const m = await subscribedMember(t, TRIAL, card);
  const failedAt = Math.max(t.clock.now().getTime(), new Date(m.sub.trial_end).getTime()) + 1000;
  t.clock.set(failedAt);
  await renewals(t);
  return { ...m, failedAt };
}

describe("the retry schedule", () => {
  it("retries on days 1, 3, 5 and 7 after the failure, then lapses with an email", async () => {
    const m = await failingRenewal();
    let token = await again(m);
    expect(await current(t, token)).toMatchObject({ state: "past_due", is_active: false });
    const first = (await outboxFor(m.email)).find((x) => x.subject === "Your payment didn't go through");
    expect(first?.text_body).toContain(`${t.config.publicUrl}/account/membership`);
    expect(first?.text_body).toContain(`ends on ${new Date(m.failedAt + 7 * DAY).toISOString().slice(0, 10)}`);
    expect(await charges(m.user.id)).toBe(1);

    // Just before each retry day nothing is charged; on it, one charge.
    let expected = 1;
    for (const day of [1, 3, 5, 7]) {
      t.clock.set(m.failedAt + day * DAY - 60_000);
      await renewals(t);
      expect(await charges(m.user.id), `before day ${day}`).toBe(expected);
      t.clock.set(m.failedAt + day * DAY);
      await renewals(t);
      expect(await charges(m.user.id), `on day ${day}`).toBe(++expected);
    }
    token = await again(m);
    expect(await current(t, token)).toMatchObject({ state: "expired", is_active: false });
    expect((await events(t, m.sub.subscription_id)).map((e) => e.action)).toEqual([
      "created",
      "payment_failed",
      "payment_failed",
      "payment_failed",
      "payment_failed",
      "expired_unpaid",
    ]);
    const mail = await outboxFor(m.email);
    expect(mail.filter((x) => x.subject === "Your payment didn't go through")).toHaveLength(1);
    expect(mail.filter((x) => x.subject === "Your membership has ended")).toHaveLength(1);
    // Nothing more is tried once it has lapsed.
    t.clock.set(m.failedAt + 30 * DAY);
    await renewals(t);
    expect(await charges(m.user.id)).toBe(5);
  });

  it("a hard decline (stolen card) is never charged again, and lapses on day 7 unless fixed", async () => {
    const m = await failingRenewal(STOLEN);
    const token = await again(m);
    expect(await current(t, token)).toMatchObject({ state: "past_due" });
    const decline = await t.db
      .selectFrom("payments")
      .select("decline_code")
      .where("user_id", "=", m.user.id)
      .executeTakeFirstOrThrow();
    expect(decline.decline_code).toBe("stolen_card");
    for (const day of [1, 3, 5]) {
      t.clock.set(m.failedAt + day * DAY);
      await renewals(t);
    }
    expect(await charges(m.user.id)).toBe(1);
    expect(await current(t, await again(m))).toMatchObject({ state: "past_due" });
    t.clock.set(m.failedAt + 7 * DAY);
    await renewals(t);
    expect(await charges(m.user.id)).toBe(1);
    expect(await current(t, await again(m))).toMatchObject({ state: "expired" });
    expect((await outboxFor(m.email)).map((x) => x.subject)).toContain("Your membership has ended");
  });
});

describe("recovery", () => {
  it("a fixed card is charged at once and restores access, before any retry day", async () => {
    const m = await failingRenewal();
    t.clock.set(m.failedAt + DAY / 2);
    let token = await again(m);
    // The app's banner and the panel read it from the claims.
    expect(await claims(t, token)).toMatchObject({ entitlements: "[]", payment_due: "true" });
    await addCard(t, token);
    token = await again(m);
    expect(await current(t, token)).toMatchObject({
      state: "active",
      is_active: true,
      last_invoice: { status: "paid", period_start: m.sub.trial_end },
    });
    expect((await events(t, m.sub.subscription_id)).map((e) => e.action)).toEqual([
      "created",
      "payment_failed",
      "payment_recovered",
    ]);
    expect(await claims(t, token)).not.toHaveProperty("payment_due");
    // The retry days pass without another charge.
    const paid = await charges(m.user.id);
    t.clock.set(m.failedAt + 7 * DAY);
    await renewals(t);
    expect(await charges(m.user.id)).toBe(paid);
  });

  it("a card fixed after a hard decline recovers too", async () => {
    const m = await failingRenewal(STOLEN);
    t.clock.set(m.failedAt + 2 * DAY);
    await addCard(t, await again(m));
    expect(await current(t, await again(m))).toMatchObject({ state: "active", is_active: true });
  });
});
