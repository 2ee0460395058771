import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, STEP_TIMEOUT, withSession } from "./browser.js";
import { expectPath, visible } from "./app-helpers.js";
import { checkWidths, newMember, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

describe("hosted app: calendars, live classes and studios", () => {
  it("enrols in a calendar, sees the day-by-day plan with walk and rest days, and unenrols", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/calendars");
      await page.getByRole("link", { name: /4 Week Sculpt Calendar/ }).click();
      await expectPath(page, /^\/calendars\/4-week-sculpt-calendar$/);
      await visible(page.getByRole("heading", { name: "Week 4" }));
      await visible(page.getByText("Rest day").first());
      await visible(page.getByText("Walk", { exact: true }).first());

      await page.getByRole("button", { name: "Enroll" }).click();
      await sees(page, "You are enrolled in 4 Week Sculpt Calendar.");
      await visible(page.getByText(/0 of 28 days completed/));
      await visible(page.getByText("Today", { exact: true }));
      await visible(page.getByText(/^Today: /));
      expect(await page.getByRole("link", { name: "Play" }).getAttribute("href")).toMatch(/^\/classes\/video\//);
      const { data } = await member.api<{ data: { slug: string; status: string }[] }>("/tsapi/workout_calendars");
      expect(data.find((c) => c.slug === "4-week-sculpt-calendar")?.status).toBe("enrolled");
      await checkWidths(session, page, "calendar");

      // A day's workout opens in the calendar's detail pane.
      await page.getByRole("listitem").filter({ hasText: "Day 1" }).getByRole("link").first().click();
      await expectPath(page, /^\/calendars\/4-week-sculpt-calendar\/detail\/[^/]+$/);
      await visible(page.getByRole("dialog"));
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
      await expectPath(page, /^\/calendars\/4-week-sculpt-calendar$/);

      await page.getByRole("button", { name: "Unenroll" }).click();
      await sees(page, "You left 4 Week Sculpt Calendar.");
      await visible(page.getByRole("button", { name: "Enroll" }));
      session.assertClean();
    }));

  it("books a live class, finds it in booked classes, adds it to the calendar, and cancels it", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/live");
      const schedule = page.locator("fit-live-schedule");
      await schedule.locator('[part~="day"]').nth(1).click(); // tomorrow: nothing has started yet
      await schedule.locator('[part~="reserve"]').first().click();
      await sees(page, "You’re in!");
      await checkWidths(session, page, "live");

      await page.getByRole("link", { name: "Booked Classes" }).click();
      await expectPath(page, /^\/live\/booked-classes$/);
      const booked = page.getByRole("list", { name: "Booked Classes" }).getByRole("listitem");
      await expect.poll(() => booked.count(), { timeout: STEP_TIMEOUT }).toBe(1);
      await visible(booked.getByText("Reserved"));
      await checkWidths(session, page, "booked-classes");

      const download = page.waitForEvent("download", { timeout: STEP_TIMEOUT });
      await booked.getByRole("button", { name: "Add to calendar" }).click();
      expect((await download).suggestedFilename()).toMatch(/\.ics$/);
      await sees(page, "You added the class to your calendar successfully");

      await booked.getByRole("button", { name: "Cancel" }).click();
      await visible(page.getByText("Are you sure you want to cancel your class?"));
      await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
      await sees(page, "Your reservation is cancelled.");
      await visible(page.getByText("NO CLASSES BOOKED"));
      session.assertClean();
    }));

  it("shows the studios and a studio's schedule", () =>
    withSession(async (session) => {
      const page = await session.open("/locations");
      await page.getByRole("link", { name: /Chicago/ }).click();
      await expectPath(page, /^\/locations\/chicago$/);
      await visible(page.getByRole("heading", { name: "Chicago", level: 1 }));
      await page.locator("fit-live-schedule").locator('[part~="day"]').first().waitFor();
      await checkWidths(session, page, "location");
      await page.goto(page.url().replace("/locations/chicago", "/locations"));
      await checkWidths(session, page, "locations");

      // The live page switches its schedule between the virtual studio and the studios.
      await page.goto(page.url().replace("/locations", "/live"));
      await page.getByRole("button", { name: "New York" }).click();
      await expectPath(page, /^\/live\?location=new-york$/);
      expect(await page.getByRole("button", { name: "New York" }).getAttribute("aria-pressed")).toBe("true");
      await page.locator("fit-live-schedule").locator('[part~="day"]').first().waitFor();
      // React 19 sets the element's \`location\` property (mirrored from the attribute by the widget).
      expect(
        await page
          .locator("fit-live-schedule")
          .evaluate((el) => (el as unknown as { location?: string }).location ?? el.getAttribute("location")),
      ).toBe("new-york");
      await page.getByRole("button", { name: "Live Virtual Studio" }).click();
      await expectPath(page, /^\/live$/);
      session.assertClean();
    }));
});
