import { afterAll, describe, it } from "vitest";
import { closeBrowser, openSession } from "./browser.js";
import { dismissConsent, visible } from "./app-helpers.js";
import { checkWidths } from "./app-part2-helpers.js";

afterAll(closeBrowser);

/** Part 2's public pages as a visitor sees them: no console error, no sideways scroll, axe clean at three widths. */
const PAGES: [path: string, name: string, heading: string][] = [
  ["/series", "visitor-series", "Series"],
  ["/series/all-series", "visitor-all-series", "All Series"],
  ["/series/phase-and-function-PHF0921", "visitor-series-detail", "Phase & Function"],
  ["/calendars", "visitor-calendars", "Calendars"],
  ["/calendars/4-week-sculpt-calendar", "visitor-calendar", "4 Week Sculpt Calendar"],
  ["/live", "visitor-live", "Live Virtual Studio"],
  ["/locations", "visitor-locations", "Locations"],
  ["/challenge", "visitor-challenge", "Challenges"],
];

describe("hosted app part 2: signed out", () => {
  it("shows every public page of part 2 cleanly at 375, 768 and 1280 px", async () => {
    const session = await openSession();
    try {
      const page = await session.open("/series");
      await dismissConsent(page);
      for (const [path, name, heading] of PAGES) {
        await page.goto(new URL(path, page.url()).toString());
        await visible(page.getByRole("heading", { name: heading, level: 1 }));
        await checkWidths(session, page, name);
      }
      session.assertClean();
    } finally {
      await session.close();
    }
  });
});
