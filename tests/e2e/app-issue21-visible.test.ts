import { afterAll, describe, expect, it } from "vitest";
import { appUrl, closeBrowser, signInAs, STEP_TIMEOUT, withSession } from "./browser.js";

/**
 * Issue 21's small but visible items in the hosted app: a label that fits its button, a studio page that keeps one
 * zone; and issue 22's longer Spanish and French words, which must fit the library's buttons at 375 px.
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

  it.each([
    ["es-US", "Clases", "Explorar"],
    ["fr-CA", "Cours", "Parcourir"],
  ])(
    "the library in %s at 375 px: the page in that language (from the browser's), no button clipping its label",
    (locale, kicker) =>
      withSession(
        async (session) => {
          // No choice stored and no preference: the browser's language decides (the shell's own lang is not a choice).
          const page = await session.open(`${appUrl()}/classes`);
          await page.waitForFunction((l) => document.documentElement.lang === l, locale, { timeout: STEP_TIMEOUT });
          await page.locator("main").getByText(kicker, { exact: true }).first().waitFor({ timeout: STEP_TIMEOUT });
          const library = page.locator("fit-workout-search");
          await library.locator('a[href*="/detail/"]').first().waitFor({ timeout: STEP_TIMEOUT });
          expect(await library.getAttribute("lang")).toBe(locale);
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(sideways, "the page scrolls sideways").toBeLessThanOrEqual(0);
          // Every visible button and button-like link, in the page and in the widget's shadow root, holds its label.
          const clipped = await page.evaluate(() => {
            const roots: (Document | ShadowRoot)[] = [document];
            for (const el of document.querySelectorAll("*")) if (el.shadowRoot) roots.push(el.shadowRoot);
            const out: string[] = [];
            for (const root of roots)
              for (const el of root.querySelectorAll<HTMLElement>("button, [role=button], a[class], select, label")) {
                const r = el.getBoundingClientRect();
                // Visually hidden labels (1 px boxes for screen readers) clip on purpose.
                if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === "hidden") continue;
                if (el.scrollWidth - el.clientWidth > 1)
                  out.push(`${el.tagName} "${el.innerText.trim().slice(0, 40)}"`);
              }
            return out;
          });
          expect(clipped, "buttons whose label overflows them").toEqual([]);
          expect(await session.axe(page)).toEqual([]);
          await session.screenshot(page, `app-i18n-library-${locale}-375`);
          session.assertClean();
        },
        { viewport: { width: 375, height: 800 }, locale },
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
