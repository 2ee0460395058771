import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, withSession } from "./browser.js";
import { dismissConsent } from "./app-helpers.js";

/**
 * The demo catalogue looks like a product: home rows open with classes of their own, All Series is a grid, and a
 * class card previews its clip on hover (unless the visitor prefers reduced motion).
 */
afterAll(closeBrowser);

/** The detail links of a home row's cards, in order. */
/** Scrolls through the page a screen at a time, waiting for the lazy images in view, for a full-page screenshot. */
async function loadAllImages(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // Images in view have loaded (those further along a carousel's track stay lazy, as they should).
    await page.waitForFunction(() =>
      [
        ...document.querySelectorAll("img"),
        ...[...document.querySelectorAll("fit-series-card")].flatMap((el) => [
          ...(el.shadowRoot?.querySelectorAll("img") ?? []),
        ]),
      ]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.left < innerWidth && box.right > 0 && box.top < innerHeight && box.bottom > 0;
        })
        .every((img) => img.complete),
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

const rowLinks = (page: Page, title: string) =>
  page
    .getByRole("region", { name: title, exact: true })
    .locator("a[href*='/detail/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));

async function firstCard(page: Page) {
  const card = page.getByRole("region", { name: "New This Week", exact: true }).locator("a[href*='/detail/']").first();
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  return card;
}

describe("home rows", () => {
  it("open 'New This Week', 'New Classes' and 'Quick Hits' with different classes", () =>
    withSession(async (session) => {
      const page = await session.open("/home");
      await dismissConsent(page);
      const titles = ["New This Week", "New Classes", "Quick Hits"];
      for (const title of titles)
        await page.getByRole("region", { name: title, exact: true }).locator("a[href*='/detail/']").first().waitFor();
      const rows = await Promise.all(titles.map((title) => rowLinks(page, title)));
      for (const links of rows) expect(links.length).toBeGreaterThan(3);
      // Not only the first card: no class appears in two of these rows at all.
      const all = rows.flat();
      expect(new Set(all).size).toBe(all.length);
      session.assertClean();
    }));
});

describe("All Series", () => {
  it("lays every series out as a grid at 1280 px, well under 2,500 px tall, and the series pages are screenshotted", () =>
    withSession(async (session) => {
      const home = await session.open("/series");
      await dismissConsent(home);
      await home.getByRole("link", { name: "More Info" }).first().waitFor();
      await home.locator("fit-series-card").first().waitFor();
      await loadAllImages(home);
      await session.screenshot(home, "content-series-home-1280");

      const page = await session.open("/series/all-series");
      await dismissConsent(page);
      await page.locator("[id^=letter-] > h2").first().waitFor();
      const count = await page.locator("fit-series-card").count();
      expect(count).toBeGreaterThan(8);
      // Every card has rendered its series (not the loading skeleton) before anything is measured.
      await page.waitForFunction(
        (n) =>
          [...document.querySelectorAll("fit-series-card")].filter((el) => el.shadowRoot?.querySelector("h2"))
            .length === n,
        count,
      );
      const layout = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        columns: new Set(
          [...document.querySelectorAll("fit-series-card")].map((el) => Math.round(el.getBoundingClientRect().left)),
        ).size,
      }));
      expect(layout.columns).toBeGreaterThanOrEqual(3);
      expect(layout.height).toBeLessThan(2500);
      await loadAllImages(page);
      await session.screenshot(page, "content-all-series-1280");
      session.assertClean();
    }));
});

describe("workout card preview", () => {
  it("plays the class's clip muted and looping while hovered, and pauses when the pointer leaves", () =>
    withSession(async (session) => {
      const page = await session.open("/home");
      await dismissConsent(page);
      const card = await firstCard(page);
      await card.hover();
      const video = card.locator("video[data-playing]");
      await video.waitFor();
      await video.evaluate((v: HTMLVideoElement) =>
        v.paused ? new Promise((resolve) => v.addEventListener("playing", resolve, { once: true })) : undefined,
      );
      expect(
        await video.evaluate((v: HTMLVideoElement) => ({
          muted: v.muted,
          loop: v.loop,
          paused: v.paused,
          src: new URL(v.currentSrc).pathname,
        })),
      ).toEqual({
        muted: true,
        loop: true,
        paused: false,
        src: expect.stringMatching(/^\/media\/clips\/[a-z-]+\.mp4$/),
      });
      await page.mouse.move(1, 1);
      await page.waitForFunction((el) => (el as HTMLVideoElement).paused, await card.locator("video").elementHandle());
      expect(await card.locator("video[data-playing]").count()).toBe(0);
      session.assertClean();
    }));

  it("does not move for a visitor who prefers reduced motion", () =>
    withSession(
      async (session) => {
        const previews: string[] = [];
        session.context.on(
          "request",
          (request) => request.url().includes("/previewVideo") && previews.push(request.url()),
        );
        const page = await session.open("/home");
        await dismissConsent(page);
        const card = await firstCard(page);
        await card.hover();
        await card.focus();
        await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
        expect(await card.locator("video").count()).toBe(0);
        expect(previews).toEqual([]);
        session.assertClean();
      },
      { reducedMotion: "reduce" },
    ));
});
