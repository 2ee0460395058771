import { afterAll, describe, expect, it } from "vitest";
import { appUrl, closeBrowser, signInAs, STEP_TIMEOUT, withSession } from "./browser.js";

/**
 * Issue 21's small but visible items in the hosted app: a label that fits its button, a studio page that keeps one
 * zone.
 */
afterAll(closeBrowser);

describe("hosted app: what a member notices", () => {
  it.each([375, 1280])("REMOVE FROM FAVORITES fits inside its button at %i px", (width) =>
    withSession(
      async (session) => {
        await signInAs(session, "member@demo.fitkit.dev");
        // One of member@'s favourites, opened from the favourites list: nothing is toggled, so no state changes.
        const list = await session.open(`${appUrl()}/classes?favorites=true`);
        const first = list.locator("fit-workout-search").locator('a[href*="/detail/"]').first();
        await first.waitFor({ timeout: STEP_TIMEOUT });
        const href = (await first.getAttribute("href"))!;
        const page = await session.open(`${appUrl()}${href.startsWith("/") ? href : new URL(href).pathname}`);
        const button = page.getByRole("dialog").getByRole("button", { name: /Remove from favorites/i });
        await button.waitFor({ timeout: STEP_TIMEOUT });
        const box = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(el);
          const t = range.getBoundingClientRect();
          return {
            overflow: el.scrollWidth - el.clientWidth,
            left: r.left,
            right: r.right,
            textLeft: t.left,
            textRight: t.right,
          };
        });
        expect(box.overflow, "the label overflows its button").toBeLessThanOrEqual(0);
        expect(box.textLeft).toBeGreaterThanOrEqual(box.left);
        expect(box.textRight).toBeLessThanOrEqual(box.right);
        session.assertClean();
      },
      { viewport: { width, height: 800 } },
    ),
  );

  it("/locations/chicago shows class times in the zone the page names, whatever the visitor's own", () =>
    withSession(
      async (session) => {
        const page = await session.open(`${appUrl()}/locations/chicago`);
        await page.getByText(/Class times at this studio follow America\/Chicago/).waitFor({ timeout: STEP_TIMEOUT });
        const note = page.locator("fit-live-schedule").locator("[part=note]");
        await note.waitFor({ timeout: STEP_TIMEOUT });
        const said = await note.innerText();
        expect(said).toContain("America/Chicago");
        expect(said).not.toContain("your time zone");
        expect(said).not.toContain("Berlin");
        session.assertClean();
      },
      { timezoneId: "Europe/Berlin" },
    ));
});
