import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, STEP_TIMEOUT, withSession, type Session } from "./browser.js";
import { startOwnServer } from "./own-server.js";

/**
 * Issue 21 item 2: a would-be member and a lapsed member become members in the hosted app, by keyboard only (Tab,
 * Enter, typing), and land on /home entitled. Joining changes unentitled@ and lapsed@ for good, so these journeys
 * run on a server of their own (the shared server's other files rely on those demo members as seeded).
 */
let fitkit: Awaited<ReturnType<typeof startOwnServer>>;
beforeAll(async () => {
  fitkit = await startOwnServer();
}, 120_000);
afterAll(async () => {
  await closeBrowser();
  await fitkit.close();
});

async function signIn(email: string) {
  const response = await fetch(`${fitkit.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "fitkit-demo" }),
  });
  return (await response.json()) as { token: string; refreshToken: string };
}

/** Leaves the member signed in on the second server's origin, cookie choice made (Essential only). */
async function signedIn(session: Session, email: string) {
  const tokens = await signIn(email);
  const page = await session.context.newPage();
  await page.goto(`${fitkit.url}/health`);
  await page.evaluate(
    ({ access, refresh }) => {
      const json = JSON.stringify({ access, id: access, refresh });
      localStorage.setItem("tokens", json);
      localStorage.setItem("web-root", `{"tokens":${json}}`);
      localStorage.setItem("id", access);
      localStorage.setItem("refresh", refresh);
      localStorage.setItem("fitkit.consent", JSON.stringify(["Essential"]));
    },
    { access: tokens.token, refresh: tokens.refreshToken },
  );
  await page.close();
  return tokens;
}

/** The focused element, looking into open shadow roots: its id, or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? el.id || el.textContent.trim() : "";
  });

/** Presses Tab until the element with this id or text has focus (a keyboard user's way there). */
async function tabTo(page: Page, target: string) {
  for (let i = 0; i < 40; i++) {
    if ((await focused(page)) === target) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${target}" (focus is on "${await focused(page)}")`);
}

/** What the panel shows (its shadow root's rendered text). */
const panelText = (page: Page) =>
  page.locator("fit-membership-panel").evaluate((el) =>
    [...(el.shadowRoot?.children ?? [])]
      .filter((c) => c.localName !== "style")
      .map((c) => (c as HTMLElement).innerText)
      .join("\n"),
  );
const cleanAxe = async (session: Session, page: Page, step: string) =>
  expect(await session.axe(page), step).toEqual([]);

async function typeCard(session: Session, page: Page, number: string) {
  await tabTo(page, "number");
  await page.keyboard.press("Control+A");
  await page.keyboard.type(number);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("04/34");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("123");
  await page.keyboard.press("Enter");
}

async function landsEntitled(page: Page, token: string) {
  await page.waitForURL(/\/home$/, { timeout: STEP_TIMEOUT });
  const claims = (await (
    await fetch(`${fitkit.url}/user/v1/attribute/claims`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { entitlements: string };
  expect(JSON.parse(claims.entitlements)).toContain("digital");
}

describe("hosted app: becoming a member", () => {
  it("a visitor's GET STARTED FOR FREE (no external store configured) leads to sign-up, the join funnel, then /home entitled", () =>
    withSession(async (session) => {
      // A visitor who allowed functional cookies (the referral button needs them).
      const first = await session.context.newPage();
      await first.goto(`${fitkit.url}/health`);
      await first.evaluate(() => localStorage.setItem("fitkit.consent", JSON.stringify(["Essential", "Functional"])));
      await first.close();
      const config = (await (await fetch(`${fitkit.url}/config.json`)).json()) as { store: { url: string | null } };
      expect(config.store).toEqual({ url: null });

      const page = await session.open(`${fitkit.url}/`);
      const start = page.locator("fit-referral").getByRole("link", { name: "GET STARTED FOR FREE" });
      await start.waitFor({ timeout: STEP_TIMEOUT });
      // The app's own funnel, in this tab: no external shop, no new tab.
      expect(await start.getAttribute("target")).toBeNull();
      expect(await start.getAttribute("href")).not.toContain("shop.");
      // The header's Start free trial follows the same rule.
      const headerStart = page.getByRole("banner").getByRole("link", { name: "Start free trial" });
      expect(await headerStart.getAttribute("href")).toBe(await start.getAttribute("href"));
      expect(await headerStart.getAttribute("target")).toBeNull();
      await start.click();
      await page.waitForURL(/\/signup\?redirect=/, { timeout: STEP_TIMEOUT });

      const email = "new-visitor@example.com";
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("First Name").fill("Nia");
      await page.getByLabel("Last Name").fill("Visitor");
      await page.getByLabel("Password", { exact: true }).fill("a-good-password");
      await page.getByRole("checkbox", { name: /I agree to Terms of Service/ }).check();
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByRole("link", { name: "Continue" }).click();
      await page.waitForURL(/\/account\/membership\/join$/, { timeout: STEP_TIMEOUT });

      // A new account has never subscribed: the trial applies.
      await expect
        .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
        .toContain("7-day free trial, then $95.88 every 12 months");
      const panel = page.locator("fit-membership-panel");
      await panel.getByRole("button", { name: "Continue" }).click();
      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 2 of 3: your card");
      // This server bills through the sandbox (/config.json billing.provider), so the form names its test cards.
      await expect
        .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
        .toContain("Sandbox: 4242 4242 4242 4242 succeeds");
      await typeCard(session, page, "4242 4242 4242 4242");
      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 3 of 3: confirm");
      expect(await panelText(page)).toMatch(
        /Free for 7 days\. Your card will be charged \$95\.88 on [A-Z][a-z]+ \d{1,2}, \d{4}\./,
      );
      await panel.getByRole("button", { name: "YES, I AGREE" }).click();

      await page.waitForURL(/\/home$/, { timeout: STEP_TIMEOUT });
      const tokens = await page.evaluate(
        () => JSON.parse(localStorage.getItem("tokens") ?? "{}") as { access?: string },
      );
      const claims = (await (
        await fetch(`${fitkit.url}/user/v1/attribute/claims`, { headers: { authorization: `Bearer ${tokens.access}` } })
      ).json()) as { entitlements: string };
      expect(JSON.parse(claims.entitlements)).toContain("digital");
      // The new member's welcome panel on /home is a card with room inside (it had no padding at all). The onboarding
      // redirect (at most twice a day) takes a brand-new member to the quiz first: this member has had both.
      await page.evaluate(() =>
        localStorage.setItem("fitkit.onboardingRedirects", JSON.stringify([Date.now(), Date.now()])),
      );
      await page.goto(`${fitkit.url}/home`);
      const welcome = page.locator("section[aria-labelledby=welcome-title]");
      await welcome.waitFor({ timeout: STEP_TIMEOUT });
      const inside = await welcome.evaluate((el) => {
        const c = getComputedStyle(el);
        return [c.paddingTop, c.paddingLeft, c.borderTopLeftRadius].map(parseFloat);
      });
      expect(inside[0]).toBeGreaterThanOrEqual(16);
      expect(inside[1]).toBeGreaterThanOrEqual(16);
      expect(inside[2]).toBeGreaterThan(0);
      // Before joining there is no subscription (its read answers 404).
      session.assertClean({ allowConsole: /status of 404/ });
    }));

  it("unentitled@ joins by keyboard: the trial, WELCOME20, a mistyped card named, the confirmation, then /home entitled", () =>
    withSession(async (session) => {
      const { token } = await signedIn(session, "unentitled@demo.fitkit.dev");
      const page = await session.open(`${fitkit.url}/account/membership/join`);
      await expect
        .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
        .toContain("7-day free trial, then $95.88 every 12 months");
      expect(await panelText(page)).toContain("$19.99 a month");
      await cleanAxe(session, page, "plan step");

      await tabTo(page, "join-promo");
      await page.keyboard.type("WELCOME20");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter"); // Apply
      await expect
        .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
        .toContain("Promo code applied. Free for 7 days. Your card will be charged $76.70 on");
      await tabTo(page, "Continue");
      await page.keyboard.press("Enter");

      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 2 of 3: your card");
      await cleanAxe(session, page, "card step");
      await typeCard(session, page, "4242 4242 4242 4241");
      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Your card number is invalid.");
      expect(await panelText(page)).not.toContain("contact");
      await typeCard(session, page, "4242 4242 4242 4242");

      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 3 of 3: confirm");
      const confirmation = await panelText(page);
      expect(confirmation).toContain("You are starting 12 Month Digital Membership, 7-Day Free Trial.");
      expect(confirmation).toMatch(
        /Free for 7 days\. Your card will be charged \$76\.70 on [A-Z][a-z]+ \d{1,2}, \d{4}\. Then \$95\.88 every 12 months\./,
      );
      expect(confirmation).toContain("visa ****4242");
      await cleanAxe(session, page, "confirm step");
      await tabTo(page, "YES, I AGREE");
      await page.keyboard.press("Enter");
      await landsEntitled(page, token);
      // Before joining there is no subscription (its read answers 404), and the mistyped card was refused (400).
      session.assertClean({ allowConsole: /status of (404|400)/ });
    }));

  it("lapsed@ resubscribes by keyboard: no second trial, the charge today after TAKE15, then /home entitled", () =>
    withSession(async (session) => {
      const { token } = await signedIn(session, "lapsed@demo.fitkit.dev");
      const page = await session.open(`${fitkit.url}/account/membership`);
      const panel = page.locator("fit-membership-panel");
      await panel.getByRole("button", { name: "Resubscribe" }).waitFor();
      // An ended membership has nothing to cancel or change.
      expect(await panel.getByRole("button", { name: "Cancel", exact: true }).count()).toBe(0);
      expect(await panel.getByRole("button", { name: "Change Plan / Apply Promo" }).count()).toBe(0);

      await tabTo(page, "Resubscribe");
      await page.keyboard.press("Enter");
      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("12 months $95.88 every 12 months");
      expect(await panelText(page)).not.toContain("free trial");
      await cleanAxe(session, page, "plan step");
      await tabTo(page, "join-promo");
      await page.keyboard.type("TAKE15");
      await page.keyboard.press("Enter"); // submits the plan step, checking the code

      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 2 of 3: your card");
      await cleanAxe(session, page, "card step");
      await typeCard(session, page, "4242 4242 4242 4242");

      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 3 of 3: confirm");
      const confirmation = await panelText(page);
      expect(confirmation).toContain("You are starting 12 Month Digital Membership.");
      expect(confirmation).toMatch(
        /Your card will be charged \$81\.50 today, [A-Z][a-z]+ \d{1,2}, \d{4}\. Then \$95\.88 every 12 months\./,
      );
      await cleanAxe(session, page, "confirm step");
      await tabTo(page, "YES, I AGREE");
      await page.keyboard.press("Enter");
      await landsEntitled(page, token);
      session.assertClean();
    }));
});

describe("hosted app: unpausing a paused membership", () => {
  /** The paused member's subscription as the server holds it. */
  const subscription = async (token: string) =>
    (await (
      await fetch(`${fitkit.url}/v2/subscriptions/subs`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { state: string; last_invoice?: { amount: number } | null };

  it("paused@ is told what unpausing charges and when, and is charged only after confirming", () =>
    withSession(async (session) => {
      const { token } = await signedIn(session, "paused@demo.fitkit.dev");
      const page = await session.open(`${fitkit.url}/account/membership`);
      const panel = page.locator("fit-membership-panel");
      const unpause = panel.getByRole("button", { name: "Unpause" });
      await unpause.waitFor({ timeout: STEP_TIMEOUT });

      // Backing out charges nothing.
      await unpause.click();
      const dialog = panel.getByRole("dialog", { name: "Unpause" });
      await dialog.getByText(/Your card will be charged/).waitFor({ timeout: STEP_TIMEOUT });
      const text = await dialog.innerText();
      expect(text).toContain("Unpausing 1 Month Digital Membership starts a new period today.");
      expect(text).toMatch(
        /Your card will be charged \$19\.99 today, [A-Z][a-z]+ \d{1,2}, \d{4}\. Then \$19\.99 a month\./,
      );
      expect(text).toContain("visa ****4242");
      expect(await session.axe(page)).toEqual([]);
      expect((await subscription(token)).state, "nothing happens before the member confirms").toBe("paused");
      await dialog.getByRole("button", { name: "No, take me back" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect((await subscription(token)).state).toBe("paused");

      await unpause.click();
      await dialog.getByRole("button", { name: "YES, UNPAUSE" }).click();
      await panel
        .locator("p[role=status]")
        .getByText("Your membership is running again.")
        .waitFor({ timeout: STEP_TIMEOUT });
      expect(await subscription(token)).toMatchObject({ state: "active", last_invoice: { amount: 1999 } });
      session.assertClean();
    }));
});

describe("hosted app: pausing a membership", () => {
  it("member@ pauses for 2 months from the account page: the dates, the confirmation, then the pause in every view", () =>
    withSession(async (session) => {
      // member@ (monthly, renewing) is used by no other journey of this file's own server.
      const { token } = await signedIn(session, "member@demo.fitkit.dev");
      const before = (await (
        await fetch(`${fitkit.url}/v2/subscriptions/subs`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { expiration_date: string };
      const page = await session.open(`${fitkit.url}/account`);
      await page.getByRole("link", { name: "Pause membership" }).click();
      await page.waitForURL(/\/account\/membership\/pause$/, { timeout: STEP_TIMEOUT });
      const panel = page.locator("fit-membership-panel");
      await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("then pause for");
      const date = /[A-Z][a-z]+ \d{1,2}, \d{4}/.source;
      expect(await panelText(page)).toMatch(new RegExp(`2 months, back on ${date}`));
      await cleanAxe(session, page, "months");

      await panel.getByRole("radio", { name: /^2 months/ }).check();
      await panel.getByRole("button", { name: "Continue" }).click();
      await expect
        .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
        .toContain("You are pausing your membership for 2 months.");
      const confirmation = await panelText(page);
      expect(confirmation).toMatch(new RegExp(`Access ends on ${date}, back on ${date}\\.`));
      expect(confirmation).toMatch(new RegExp(`Your card will be charged \\$19\\.99 on ${date}, when it resumes\\.`));
      await cleanAxe(session, page, "confirmation");
      await panel.getByRole("button", { name: "YES, I AGREE" }).click();

      await expect
        .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
        .toMatch(new RegExp(`Your membership pauses on ${date} and resumes on ${date}\\.`));
      const sub = (await (
        await fetch(`${fitkit.url}/v2/subscriptions/subs`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { state: string; pause: { months: number; starts_at: string; resumes_at: string } | null };
      expect(sub).toMatchObject({ state: "active", pause: { months: 2, starts_at: before.expiration_date } });
      const text = await panelText(page);
      expect(text).toMatch(new RegExp(`Pauses on\\s+${date}`));
      expect(text).toMatch(new RegExp(`Resumes on\\s+${date}`));
      // Pausing again is not offered; withdrawing is.
      expect(await panel.getByRole("button", { name: "Pause membership" }).count()).toBe(0);
      await panel.getByRole("button", { name: "Keep my membership running" }).waitFor({ timeout: STEP_TIMEOUT });
      await cleanAxe(session, page, "paused state");

      // The account page's membership card says it too.
      await page.goto(`${fitkit.url}/account`);
      await page
        .getByText(new RegExp(`^Pauses [A-Z][a-z]{2} \\d{1,2}, \\d{4}, back [A-Z][a-z]{2} \\d{1,2}, \\d{4}$`))
        .waitFor({
          timeout: STEP_TIMEOUT,
        });
      expect(await page.getByRole("link", { name: "Pause membership" }).count()).toBe(0);
      session.assertClean();
    }));
});
