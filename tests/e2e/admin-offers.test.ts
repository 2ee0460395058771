import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { appUrl, closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession } from "./browser.js";
import { visible } from "./app-helpers.js";
import { checkWidths } from "./app-part2-helpers.js";

afterAll(closeBrowser);

/** What the membership panel shows (its shadow root's rendered text). */
const panelText = (page: Page) =>
  page.locator("fit-membership-panel").evaluate((el) =>
    [...(el.shadowRoot?.children ?? [])]
      .filter((c) => c.localName !== "style")
      .map((c) => (c as HTMLElement).innerText)
      .join("\n"),
  );

/** A brand-new account (never a member), signed up through the API the app's form uses. */
async function newAccount() {
  const email = `offers-${Date.now().toString(36)}@example.com`;
  const response = await fetch(`${appUrl()}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.201" },
    body: JSON.stringify({
      email,
      password: "a-good-password",
      given_name: "Pia",
      family_name: "Promo",
      waiver_accepted: true,
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { token: string; refreshToken: string };
}

describe("products and promo codes in the console", () => {
  it("an admin creates a promo code capped at one redemption; a new member redeems it in the funnel; the count shows it", () =>
    withSession(async (adminSession) => {
      const code = `CAP${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
      await keepTokens(adminSession, await signInTokens("admin@demo.fitkit.dev"), ["Essential"]);
      const console_ = await adminSession.open("/admin/promo-codes");
      await visible(console_.getByRole("heading", { name: "Promo codes", level: 1 }));
      await visible(console_.getByRole("link", { name: "Products" }));
      await checkWidths(adminSession, console_, "admin-promo-codes");

      await console_.getByLabel("Code (letters, digits, dashes)").fill(code);
      await console_.getByLabel("Percent off (up to 100)").fill("50");
      await console_.getByLabel("Most redemptions in total (blank: no cap)").fill("1");
      await console_.getByRole("checkbox", { name: /New members only/ }).check();
      await console_.getByRole("button", { name: "Create code" }).click();
      await visible(console_.getByText(`${code} is ready.`));
      const row = console_.getByRole("row", { name: new RegExp(code) });
      await expect.poll(() => row.innerText(), { timeout: STEP_TIMEOUT }).toMatch(/0 of 1/);

      await withSession(async (memberSession) => {
        await keepTokens(memberSession, await newAccount(), ["Essential"]);
        const page = await memberSession.open("/account/membership/join");
        await expect
          .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
          .toContain("7-day free trial, then $95.88 every 12 months");
        const panel = page.locator("fit-membership-panel");
        await panel.locator("#join-promo").fill(code.toLowerCase());
        await panel.getByRole("button", { name: "Apply" }).click();
        await expect
          .poll(() => panelText(page), { timeout: STEP_TIMEOUT })
          .toContain("Promo code applied. Free for 7 days. Your card will be charged $47.94 on");
        await panel.getByRole("button", { name: "Continue" }).click();
        await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 2 of 3: your card");
        await panel.locator("#number").fill("4242 4242 4242 4242");
        await panel.locator("#number").press("Tab");
        await page.keyboard.type("04/34");
        await page.keyboard.press("Tab");
        await page.keyboard.type("123");
        await page.keyboard.press("Enter");
        await expect.poll(() => panelText(page), { timeout: STEP_TIMEOUT }).toContain("Step 3 of 3: confirm");
        await panel.getByRole("button", { name: "YES, I AGREE" }).click();
        await page.waitForURL(/\/home$/, { timeout: STEP_TIMEOUT });
        memberSession.assertClean({ allowConsole: /status of 404/ });
      });

      await console_.reload();
      await expect
        .poll(() => console_.getByRole("row", { name: new RegExp(code) }).innerText(), { timeout: STEP_TIMEOUT })
        .toMatch(/1 of 1/);
      await checkWidths(adminSession, console_, "admin-promo-codes-redeemed");
      const products = await adminSession.open("/admin/products");
      await visible(products.getByRole("heading", { name: "Products", level: 1 }));
      await checkWidths(adminSession, products, "admin-products");
      adminSession.assertClean();
    }));
});
