import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, signInAs, STEP_TIMEOUT, withSession } from "./browser.js";
import { dismissConsent, expectPath, visible } from "./app-helpers.js";
import { completeWorkout, newMember } from "./app-part2-helpers.js";

/**
 * Issue 21, "small but visible": the detail pane gives focus back to the card that opened it, the challenge is
 * reachable and its progress never reads past the goal, and a search that finds nothing suggests real workouts.
 */

afterAll(closeBrowser);

/** The href of the focused element, looking inside open shadow roots (the library's cards live in one). */
const focusedHref = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.getAttribute("href") ?? `<${el?.localName}>`;
  });

/** Opens the pane from the focused card with Enter and waits until it shows the workout. */
async function openPaneWithEnter(page: Page) {
  await page.keyboard.press("Enter");
  await expectPath(page, /\/detail\//);
  await visible(page.locator("dialog[open]").getByRole("link", { name: /Play/ }));
}

describe("hosted app: the detail pane gives focus back", () => {
  it("returns focus to the library card that opened it, closed by Escape or by its close button", () =>
    withSession(async (session) => {
      const page = await session.open("/classes");
      await dismissConsent(page);
      const card = page.locator("fit-workout-search [part=card] a").nth(1);
      await card.waitFor();
      const href = (await card.getAttribute("href"))!;
      expect(href).toMatch(/^\/classes\/detail\//);

      await card.focus();
      await openPaneWithEnter(page);
      await page.keyboard.press("Escape");
      await expectPath(page, /^\/classes$/);
      await expect.poll(() => focusedHref(page), { timeout: STEP_TIMEOUT }).toBe(href);

      await openPaneWithEnter(page);
      await page.locator("dialog[open]").getByRole("button", { name: "Close" }).click();
      await expectPath(page, /^\/classes$/);
      await expect.poll(() => focusedHref(page), { timeout: STEP_TIMEOUT }).toBe(href);
      session.assertClean();
    }));

  it("returns focus to the home page's workout card that opened it", () =>
    withSession(async (session) => {
      await signInAs(session, "member@demo.fitkit.dev");
      const page = await session.open("/home");
      await dismissConsent(page);
      const card = page.locator('main a[href^="/home/detail/"]').first();
      await card.waitFor();
      // Home's rows arrive one by one, so the first card can change between reading a locator and focusing it: the
      // card that opens the pane is the one holding focus when Enter is pressed.
      await card.focus();
      const href = await focusedHref(page);
      expect(href).toMatch(/^\/home\/detail\//);
      await openPaneWithEnter(page);
      await page.keyboard.press("Escape");
      await expectPath(page, /^\/home$/);
      await expect.poll(() => focusedHref(page), { timeout: STEP_TIMEOUT }).toBe(href);
      session.assertClean();
    }));
});

type Challenge = { slug: string; workout_target: number; workouts: { workout_id: string }[] };

describe("hosted app: the challenge", () => {
  it("is linked from home and workout history, and reads 12 of 12 — complete — not 13 of 12 past the goal", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const { items } = await member.api<{ items: Challenge[] }>("/v2/workouts/challenges?current=true");
      const current = items[0]!;
      expect(current.workout_target).toBe(12);
      // The challenge's own workouts, then one more of 10+ minutes (a substitute): one past the goal.
      const { hits } = await member.api<{ hits: { id: string }[] }>("/tsapi/workouts/search", {
        method: "POST",
        body: {
          facets: [],
          filters: "NOT type:walk AND NOT type:rest AND video.duration > 930",
          keywords: "",
          sort: "newest",
          page: 0,
          hits: 20,
          pagination: "on",
          equipmentFilter: "selected",
          seriesWorkoutsParam: "",
        },
      });
      const listed = new Set(current.workouts.map((w) => w.workout_id));
      const extra = hits.find((h) => !listed.has(h.id))!;
      for (const id of [...listed, extra.id]) await completeWorkout(member, id);
      expect(listed.size + 1).toBe(13);

      const history = await session.open("/workout-history");
      await visible(history.getByRole("link", { name: "Challenges" }));
      await history.close();

      const page = await session.open("/home");
      await page.getByRole("link", { name: /Your challenge progress/ }).click();
      await expectPath(page, /^\/challenge$/);
      const currentCard = page.locator("section").filter({ hasText: "Current challenge" });
      await visible(currentCard.getByText("12 of 12 workouts — challenge complete"));
      await visible(currentCard.getByText("13 workouts done: 1 more than the goal of 12."));
      expect(await page.getByText(/\b13 of 12\b/).count()).toBe(0);
      expect(await currentCard.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("12");

      await currentCard.getByRole("link", { name: "View challenge" }).click();
      await expectPath(page, new RegExp(`^/challenge/${current.slug}$`));
      await visible(page.getByText("12 of 12 workouts — challenge complete"));
      expect(await page.getByText(/\b13 of 12\b/).count()).toBe(0);
      expect(await session.axe(page)).toEqual([]);
      session.assertClean();
    }));
});

describe("hosted app: a search that finds nothing", () => {
  it("says so and suggests real workouts as cards that open their detail", () =>
    withSession(async (session) => {
      const page = await session.open("/classes?q=zqxjvwk");
      await dismissConsent(page);
      const library = page.locator("fit-workout-search");
      await visible(library.getByText("No exact matches"));
      await visible(library.getByText("Try fewer filters or a different search."));
      const suggested = library.getByRole("region", { name: "Other workouts you might like" });
      await visible(suggested);
      const cards = suggested.locator("[part=card] a");
      expect(await cards.count()).toBeGreaterThan(0);
      const name = (await cards.first().locator("span").first().innerText()).trim();
      expect(await session.axe(page)).toEqual([]);

      await cards.first().click();
      await expectPath(page, /^\/classes\/detail\/[^/?]+\?q=zqxjvwk$/);
      await visible(page.locator("dialog[open]").getByRole("heading", { name }));
      session.assertClean();
    }));
});

describe("hosted app: one look for buttons", () => {
  it("draws the widgets' buttons like the app's own: the same shape, case, weight and accent", () =>
    withSession(async (session) => {
      const page = await session.open("/live");
      await dismissConsent(page);
      const look = (button: ReturnType<Page["locator"]>) =>
        button.evaluate((el) => {
          const s = getComputedStyle(el);
          return {
            radius: s.borderTopLeftRadius,
            case: s.textTransform,
            weight: s.fontWeight,
            background: s.backgroundColor,
          };
        });
      const widgetButton = page.locator("fit-live-schedule [part~=primary]").first();
      await widgetButton.waitFor({ timeout: STEP_TIMEOUT });
      const appButton = page.getByRole("banner").getByRole("link", { name: /start free trial/i });
      expect(await look(widgetButton)).toEqual(await look(appButton));
    }));
});
