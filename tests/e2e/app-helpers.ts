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

/** Waits until the locator is visible (pages load lazily, so nothing is there the instant the URL changes). */
export async function visible(locator: Locator) {
  await expect.poll(() => locator.isVisible(), { timeout: STEP_TIMEOUT }).toBe(true);
}

/** Waits until `read` answers something matching. */
export async function eventually<T>(read: () => Promise<T> | T, pattern: RegExp) {
  await expect.poll(async () => String(await read()), { timeout: STEP_TIMEOUT }).toMatch(pattern);
}
