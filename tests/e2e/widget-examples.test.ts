import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openSession, siteUrl, undefinedFitElements } from "./browser.js";

const FIT_TAGS = ["fit-live-schedule", "fit-series-card", "fit-workout-search", "fit-referral"];

afterAll(closeBrowser);

describe("example pages", () => {
  for (const page of ["studio-site", "marketing", "index"]) {
    it(`${page}.html loads with no console errors and every fit-* element defined`, async () => {
      const session = await openSession();
      try {
        const tab = await session.open(`/examples/${page}.html`);
        await tab.waitForLoadState("networkidle");
        expect(await undefinedFitElements(tab)).toEqual([]);
        const present = await tab.evaluate((tags) => tags.filter((t) => document.querySelector(t)), FIT_TAGS);
        for (const tag of present) expect(await tab.evaluate((t) => !!customElements.get(t), tag)).toBe(true);
        await session.screenshot(tab, `example-${page}`);
        session.assertClean();
      } finally {
        await session.close();
      }
    });
  }

  it("the studio site shows the Chicago week when embedded on another origin", async () => {
    const session = await openSession();
    try {
      const tab = await session.open(`${siteUrl()}/examples/studio-site.html`);
      const schedule = tab.locator("fit-live-schedule");
      await expect.poll(() => schedule.locator("button[aria-pressed]").count()).toBe(7);
      // Some day of the week has classes with times and a Reserve button (today's may all have started).
      const days = schedule.locator("button[aria-pressed]");
      let reservable = 0;
      for (let i = 0; i < 7 && !reservable; i++) {
        await days.nth(i).click();
        reservable = await schedule.getByRole("button", { name: "Reserve", exact: true }).count();
      }
      expect(reservable).toBeGreaterThan(0);
      await session.screenshot(tab, "example-studio-site-cross-origin");
      session.assertClean();
    } finally {
      await session.close();
    }
  });
});
