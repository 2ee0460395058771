import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { appUrl, closeBrowser, openSession, signInAs, type Session } from "./browser.js";

afterAll(closeBrowser);

/** A page with only ES module widgets (no IIFE), so the lazily loaded parts come from their own `lazy-*` chunks. */
async function openModules(session: Session, body: string, widgets: string[]): Promise<{ page: Page; lazy: string[] }> {
  const url = `${appUrl()}/e2e/modules.html`;
  const page = await session.context.newPage();
  const lazy: string[] = [];
  page.on("request", (r) => /\/widgets\/esm\/lazy-/.test(r.url()) && lazy.push(r.url()));
  const scripts = widgets.map((w) => `<script type="module" src="/widgets/esm/${w}.js"></script>`).join("");
  await page.route(url, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>fitkit modules</title>${scripts}</head><body><main>${body}</main></body></html>`,
    }),
  );
  await page.goto(url, { waitUntil: "load" });
  return { page, lazy };
}

/** The names of the lazily loaded parts fetched (`lazy-<name>-<hash>.js`), in order. */
const partsOf = (urls: string[]) => urls.map((u) => /lazy-(.+)-[\w-]{8}\.js/.exec(u)?.[1] ?? u);

describe("parts loaded on interaction (ES modules)", () => {
  it("fetches the library's filters dialog only when it is first opened", async () => {
    const session = await openSession();
    try {
      const { page, lazy } = await openModules(session, `<fit-workout-search page-size="6"></fit-workout-search>`, [
        "workout-search",
      ]);
      const library = page.locator("fit-workout-search");
      await library.getByRole("button", { name: /^Filters/ }).waitFor();
      expect(lazy).toEqual([]);
      await library.getByRole("button", { name: /^Filters/ }).click();
      const dialog = library.getByRole("dialog");
      await dialog.getByText("Class Length").waitFor();
      await dialog.getByRole("button", { name: "Clear all" }).waitFor();
      expect(lazy.some((u) => u.includes("lazy-filters-dialog"))).toBe(true);
      session.assertClean();
    } finally {
      await session.close();
    }
  });

  it("fetches a dialog's code on its first opening, and offers Try again when that fetch fails", async () => {
    const session = await openSession();
    try {
      const { page, lazy } = await openModules(session, `<fit-workout-search page-size="6"></fit-workout-search>`, [
        "workout-search",
      ]);
      const library = page.locator("fit-workout-search");
      const filters = library.getByRole("button", { name: /^Filters/ });
      await filters.waitFor();
      expect(lazy).toEqual([]);

      // Offline for the dialog's code: the press says so in place instead of doing nothing.
      await page.route(/lazy-modal-dialog-/, (route) => route.abort("internetdisconnected"));
      await filters.click();
      const failure = library.getByRole("alert");
      await failure.getByText("It looks like we are having trouble loading this page.", { exact: false }).waitFor();
      expect(lazy.some((u) => u.includes("lazy-modal-dialog"))).toBe(true);

      await page.unroute(/lazy-modal-dialog-/);
      await failure.getByRole("button", { name: "Try again" }).click();
      const dialog = library.getByRole("dialog", { name: "Filters" });
      await dialog.getByText("Class Length").waitFor();
      await expect.poll(() => library.getByRole("alert").count()).toBe(0);

      // The dialog stays mounted: Escape closes it and focus goes back to the Filters button.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await expect
        .poll(() => filters.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el))
        .toBe(true);
      session.assertClean({ allowConsole: /Failed to fetch dynamically imported module|ERR_INTERNET_DISCONNECTED/ });
    } finally {
      await session.close();
    }
  });

  it("counts a page's active filters from the first script and labels their chips once the filters part arrives", async () => {
    const session = await openSession();
    try {
      const { page, lazy } = await openModules(
        session,
        `<fit-workout-search page-size="6" filters="length=16-25&live=only"></fit-workout-search>`,
        ["workout-search"],
      );
      const library = page.locator("fit-workout-search");
      await library.getByRole("button", { name: "Filters (2)" }).waitFor();
      await library.getByRole("button", { name: "Remove filter 16-25 min" }).waitFor();
      await library.getByRole("button", { name: "Remove filter Live Virtual Studio Recordings: Only" }).waitFor();
      // A filter that is on brings the filters part (the chips, the dialog) and nothing else.
      expect(partsOf(lazy)).toEqual(["filters-dialog"]);
      session.assertClean();
    } finally {
      await session.close();
    }
  });

  it("fetches the membership flows only when a member opens one", async () => {
    const session = await openSession();
    try {
      await signInAs(session, "member@demo.fitkit.dev");
      const { page, lazy } = await openModules(session, `<fit-membership-panel></fit-membership-panel>`, [
        "membership-panel",
      ]);
      const panel = page.locator("fit-membership-panel");
      await panel.getByText("Current plan").waitFor();
      // A signed-in page fetches the token refresh part (a visitor's never does), and no flow before a press.
      expect(partsOf(lazy)).toEqual(["refresh"]);
      await panel.getByRole("button", { name: "Update Payment" }).click();
      await panel.getByRole("dialog").getByLabel("Card number").waitFor();
      expect(lazy.some((u) => u.includes("lazy-flows"))).toBe(true);
      session.assertClean();
    } finally {
      await session.close();
    }
  });
});
