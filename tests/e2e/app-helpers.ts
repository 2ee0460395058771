import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { appUrl, STEP_TIMEOUT } from "./browser.js";

/** Answers the cookie banner (Essential only) so it does not cover what the test clicks. */
export async function dismissConsent(page: Page) {
  const button = page.getByRole("button", { name: "Essential only" });
  if (await button.isVisible().catch(() => false)) await button.click();
}

/** Signs in through the hosted app's two-step form, as a member would. */
export async function signInWithForm(page: Page, email: string, password = "fitkit-demo") {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Calls the API with the member's access token from this page's local storage. */
export async function apiAs<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ url, method, body }) => {
      const tokens = JSON.parse(localStorage.getItem("tokens") ?? "{}");
      const response = await fetch(url, {
        method: method ?? "GET",
        headers: { authorization: `Bearer ${tokens.access}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method ?? "GET"} ${url} answered ${response.status}`);
      return response.json();
    },
    { url: `${appUrl()}${path}`, method: init.method, body: init.body },
  ) as Promise<T>;
}

/** The path (with query) the page shows now. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Waits until the page's path (with query) matches. */
export async function expectPath(page: Page, pattern: RegExp) {
  await expect.poll(() => pathOf(page), { timeout: STEP_TIMEOUT }).toMatch(pattern);
}

/**
 * Follows a link to a page matching `pattern`, clicking again while it has not gone there: a pane that re-renders
 * as its data arrives on a loaded machine can replace the link under the first click. Fails when the link never
 * takes the page there.
 */
export async function follow(page: Page, link: Locator, pattern: RegExp) {
  await expect
    .poll(
      async () => {
        if (!pattern.test(pathOf(page))) await link.click({ timeout: 5000 }).catch(() => undefined);
        return pathOf(page);
      },
      { timeout: STEP_TIMEOUT, interval: 1000 },
    )
    .toMatch(pattern);
}

/** Waits until the locator is visible (pages load lazily, so nothing is there the instant the URL changes). */
export async function visible(locator: Locator) {
  await expect.poll(() => locator.isVisible(), { timeout: STEP_TIMEOUT }).toBe(true);
}

/** Waits until `read` answers something matching. */
export async function eventually<T>(read: () => Promise<T> | T, pattern: RegExp) {
  await expect.poll(async () => String(await read()), { timeout: STEP_TIMEOUT }).toMatch(pattern);
}

/** Saves the sandbox's good test card and subscribes to `sku` (what the external store's checkout does). */
export async function subscribeWithTestCard(page: Page, sku: string) {
  const { client_secret } = await apiAs<{ client_secret: string }>(page, "/commerce/v1/payment/setup", {
    method: "POST",
  });
  const { payment_method_id } = await apiAs<{ payment_method_id: string }>(
    page,
    "/commerce/v1/sandbox/payment-methods",
    {
      method: "POST",
      body: { client_secret, number: "4242424242424242", exp_month: 4, exp_year: 2030, cvc: "123" },
    },
  );
  await apiAs(page, "/commerce/v1/payment/setdefault", { method: "POST", body: { payment_method_id } });
  await apiAs(page, "/v2/subscriptions/subs", { method: "POST", body: { sku } });
}

/**
 * Waits for the schedule's seven day buttons, then asserts some day of the week lists a class with a Reserve button
 * (today's classes may all have started).
 */
export async function expectAReservableDay(schedule: Locator) {
  const days = schedule.locator("button[aria-pressed]");
  await expect.poll(() => days.count(), { timeout: STEP_TIMEOUT }).toBe(7);
  let reservable = 0;
  for (let i = 0; i < 7 && !reservable; i++) {
    await days.nth(i).click();
    reservable = await schedule.getByRole("button", { name: "Reserve", exact: true }).count();
  }
  expect(reservable).toBeGreaterThan(0);
}
