import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, STEP_TIMEOUT, withSession, type Session } from "./browser.js";
import { checkWidths } from "./app-part2-helpers.js";
import { startOwnServer } from "./own-server.js";

/**
 * Issue 30's failed-payment recovery in Chromium, on a built server whose renewal job runs every second
 * (`FITKIT_RENEWALS_INTERVAL_MS`, the operator setting) and whose clock is the real one. Two members join a trial
 * with sandbox test cards: 4000 0000 0000 0341 (saved, refused when charged) and 4000 0027 6000 3184 (saved, every
 * charge waits for the member's authentication). The server is then stopped and the trials' ends moved into the past
 * in its database, as if the week had gone by; started again, its renewal job charges them on its next tick, with no
 * test-only code in the server. Each member reads the email the job sent in the dev outbox, follows its link and is
 * active again: one by saving a good card, the other by confirming the charge.
 */
const FAILING = "4000 0000 0000 0341";
const AUTHENTICATES = "4000 0027 6000 3184";
const PASSWORD = "a-good-password";

let fitkit: Awaited<ReturnType<typeof startOwnServer>>;
const members = { fix: "recover-card@example.com", confirm: "recover-confirm@example.com" };

async function api<T>(path: string, init: { token?: string; body?: unknown; method?: string } = {}) {
  const res = await fetch(`${fitkit.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A new member on the 7-day trial with this sandbox card on file. */
async function trialMember(email: string, card: string) {
  const { token } = await api<{ token: string }>("/api/auth/sign-up/email", {
    body: { email, password: PASSWORD, given_name: "Rae", family_name: "Recover", waiver_accepted: true },
  });
  const { client_secret } = await api<{ client_secret: string }>("/commerce/v1/payment/setup", { token, body: {} });
  const year = new Date().getUTCFullYear() + 3;
  const { payment_method_id } = await api<{ payment_method_id: string }>("/commerce/v1/sandbox/payment-methods", {
    body: { client_secret, number: card, exp_month: 4, exp_year: year, cvc: "123" },
  });
  await api("/commerce/v1/payment/setdefault", { token, body: { payment_method_id } });
  await api("/v2/subscriptions/subs", { token, body: { sku: "1month_trial7-R" } });
}

beforeAll(async () => {
  const first = await startOwnServer();
  fitkit = first;
  try {
    await trialMember(members.fix, FAILING);
    await trialMember(members.confirm, AUTHENTICATES);
  } finally {
    await first.close({ keep: true });
  }
  // The week went by: both trials ended a minute ago (the stopped server's embedded database, opened directly).
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(first.dataDir);
  const moved = await db.query(
    `update subscriptions s set expiration_date = now() - interval '1 minute'
       from users u where u.id = s.user_id and u.email in ($1, $2) and s.state = 'trial'`,
    [members.fix, members.confirm],
  );
  await db.close();
  expect(moved.affectedRows).toBe(2);
  fitkit = await startOwnServer({ dataDir: first.dataDir, env: { FITKIT_RENEWALS_INTERVAL_MS: "1000" } });
}, 240_000);
afterAll(async () => {
  await closeBrowser();
  await fitkit.close();
});

/** The email the server sent this member with this subject, from the dev outbox (waits for the renewal job). */
async function mailTo(email: string, subject: string) {
  let found: { text_body: string } | undefined;
  await expect
    .poll(
      async () => {
        const { items } = await api<{ items: { to_address: string; subject: string; text_body: string }[] }>(
          "/dev/mail.json",
        );
        found = items.find((m) => m.to_address === email && m.subject === subject);
        return !!found;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return found!.text_body;
}

const linkIn = (text: string) => /(http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(text)?.[1] ?? "";

/** Signs the member in through the app's log-in page, which then goes where the email link pointed. */
async function signInFrom(session: Session, link: string, email: string): Promise<Page> {
  const consent = await session.context.newPage();
  await consent.goto(`${fitkit.url}/health`);
  await consent.evaluate(() => {
    localStorage.setItem("fitkit.consent", JSON.stringify(["Essential"]));
    // The onboarding quiz would interrupt the journey (it asks at most twice a day): both asks are spent.
    localStorage.setItem("fitkit.onboardingRedirects", JSON.stringify([Date.now(), Date.now()]));
  });
  await consent.close();
  const page = await session.open(link);
  await page.waitForURL(/\/(login|continue)/, { timeout: STEP_TIMEOUT });
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.href.startsWith(link), { timeout: STEP_TIMEOUT });
  return page;
}

const paymentDue = (page: Page) =>
  page.getByText("Your last membership payment didn’t go through, so your membership is on hold.");

async function activeOnHome(page: Page, email: string) {
  await page.goto(`${fitkit.url}/home`);
  await page.getByRole("main").waitFor({ timeout: STEP_TIMEOUT });
  // Neither banner (a card to fix, a payment to confirm) is left.
  await expect.poll(() => page.getByText(/so your membership is on hold/).count(), { timeout: STEP_TIMEOUT }).toBe(0);
  const { token } = await api<{ token: string }>("/api/auth/sign-in/email", { body: { email, password: PASSWORD } });
  const sub = await api<{ state: string; is_active: boolean }>("/v2/subscriptions/subs", { token });
  expect(sub).toMatchObject({ state: "active", is_active: true });
}

describe("hosted app: failed-payment recovery", () => {
  it("a sandbox renewal fails; the member fixes the card from the email link, is charged at once and is active", () =>
    withSession(async (session) => {
      const text = await mailTo(members.fix, "Your payment didn't go through");
      const link = linkIn(text);
      expect(link).toBe(`${fitkit.url}/account/membership`);
      const page = await signInFrom(session, link, members.fix);
      // Elsewhere in the app the member sees why access stopped.
      await page.goto(`${fitkit.url}/home`);
      await paymentDue(page).waitFor({ timeout: STEP_TIMEOUT });
      await page.goto(link);

      const panel = page.locator("fit-membership-panel");
      await panel.getByRole("button", { name: "Update Payment" }).click();
      await panel.getByLabel("Card number").fill("4242 4242 4242 4242");
      await panel.getByLabel("Expiry (MM/YY)").fill("04/34");
      await panel.getByLabel("CVC").fill("123");
      await session.screenshot(page, "recovery-fix-card-1280");
      await panel.getByRole("button", { name: /save card/i }).click();
      await panel.getByText("visa ****4242").waitFor({ timeout: STEP_TIMEOUT });
      await activeOnHome(page, members.fix);
      session.assertClean();
    }));

  it("a renewal waiting for authentication is confirmed from the email link and the member is active at once", () =>
    withSession(async (session) => {
      const text = await mailTo(members.confirm, "Confirm your membership payment");
      const link = linkIn(text);
      expect(link).toBe(`${fitkit.url}/account/membership/confirm`);
      const page = await signInFrom(session, link, members.confirm);
      // Elsewhere in the app the banner asks for the confirmation and leads to the same page.
      await page.goto(`${fitkit.url}/home`);
      await page
        .getByText("Your bank asks you to confirm your last membership payment, so your membership is on hold.")
        .waitFor({ timeout: STEP_TIMEOUT });
      await page.getByRole("status").getByRole("link", { name: "Confirm payment" }).click();
      await page.waitForURL(link, { timeout: STEP_TIMEOUT });
      await page.getByRole("heading", { name: "Confirm Your Payment" }).waitFor({ timeout: STEP_TIMEOUT });
      await page.getByText(/^\$19\.99 for 1 Month Digital Membership$/).waitFor({ timeout: STEP_TIMEOUT });
      await page.getByText("Visa card ending in 3184").waitFor();
      expect(await session.axe(page)).toEqual([]);
      await session.screenshot(page, "recovery-confirm-1280");
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await session.screenshot(page, "recovery-confirm-375");
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole("button", { name: "Confirm payment" }).click();
      await page.getByText("Payment confirmed. Your membership is active again.").waitFor({ timeout: STEP_TIMEOUT });
      expect(await session.axe(page)).toEqual([]);
      // Coming back to the link later: nothing waits any more.
      await page.goto(link);
      await page.getByText("There is no payment waiting for your confirmation.").waitFor({ timeout: STEP_TIMEOUT });
      await activeOnHome(page, members.confirm);
      // That answer is the API's 404 no_payment_to_confirm, which the browser logs.
      session.assertClean({ allowConsole: /status of 404/ });
    }));

  it("support sees the member's payments and the device they signed in on, on the member page", () =>
    withSession(async (session) => {
      const support = await api<{ token: string; refreshToken: string }>("/api/auth/sign-in/email", {
        body: { email: "support@demo.fitkit.dev", password: "fitkit-demo" },
      });
      const found = await api<{ items: { id: string }[] }>(`/admin/v1/members?q=${encodeURIComponent(members.fix)}`, {
        token: support.token,
      });
      const setup = await session.context.newPage();
      await setup.goto(`${fitkit.url}/health`);
      await setup.evaluate(
        ({ access, refresh }) => {
          const json = JSON.stringify({ access, id: access, refresh });
          localStorage.setItem("tokens", json);
          localStorage.setItem("web-root", `{"tokens":${json}}`);
          localStorage.setItem("id", access);
          localStorage.setItem("refresh", refresh);
          localStorage.setItem("fitkit.consent", JSON.stringify(["Essential"]));
        },
        { access: support.token, refresh: support.refreshToken },
      );
      await setup.close();
      const page = await session.open(`${fitkit.url}/admin/members/${found.items[0]!.id}`);
      // The member signed in on this page's browser in the first journey: headless Chromium on Linux.
      const devices = page.getByRole("table", { name: "Signed-in devices" });
      await devices.getByText("Chrome on Linux").first().waitFor({ timeout: STEP_TIMEOUT });
      // The failed renewal and the charge of the fixed card, readable at every width without sideways scroll.
      const payments = page.getByRole("table", { name: "Payments and their refunds" });
      await payments.getByRole("row", { name: /Failed/ }).waitFor({ timeout: STEP_TIMEOUT });
      await payments.getByRole("row", { name: /Paid/ }).first().waitFor();
      await checkWidths(session, page, "recovery-admin-member");
      session.assertClean();
    }));
});
