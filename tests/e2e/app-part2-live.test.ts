import ICAL from "ical.js";
import { afterAll, describe, expect, it } from "vitest";
import { appUrl, closeBrowser, STEP_TIMEOUT, withSession } from "./browser.js";
import { expectPath, visible } from "./app-helpers.js";
import { checkWidths, newMember, sees, type Member } from "./app-part2-helpers.js";

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

  it("subscribes to the calendar feed from booked classes, copies its link, finds the class in it, and resets it", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const classId = await bookAnyClass(member);
      await session.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
      const page = await session.open("/live/booked-classes");
      const feed = page.getByRole("region", { name: "Calendar feed" });
      const address = feed.getByLabel("Your private feed link");
      await visible(address);
      const url = await address.inputValue();
      expect(url).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
      expect(await feed.getByRole("link", { name: "Subscribe in calendar app" }).getAttribute("href")).toBe(
        url.replace(/^https?:/, "webcal:"),
      );

      await feed.getByRole("button", { name: "Copy link" }).click();
      await visible(feed.getByRole("status").getByText("Feed link copied."));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      expect(await session.axe(page)).toEqual([]);

      // What a calendar app fetching the link gets: the booked class, under the UID the one-class download uses.
      const before = await fetch(url);
      expect(before.status).toBe(200);
      expect(before.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      const calendar = new ICAL.Component(ICAL.parse(await before.text()));
      expect(calendar.getAllSubcomponents("vevent").map((e) => e.getFirstPropertyValue("uid"))).toContain(
        `${classId}@fitkit`,
      );

      await feed.getByRole("button", { name: "Reset link" }).click();
      const dialog = page.getByRole("dialog", { name: "Reset the feed link?" });
      await visible(dialog.getByText(/stops working at once: calendars subscribed to it stop updating/));
      expect(await session.axe(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Reset link" }).click();
      await visible(feed.getByText("Your feed has a new link. The old one no longer works."));
      await expect.poll(() => address.inputValue(), { timeout: STEP_TIMEOUT }).not.toBe(url);
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(await address.inputValue())).status).toBe(200);
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

/** Books the first class of the live studio's schedule that can still be booked; answers its id. */
async function bookAnyClass(member: Member): Promise<string> {
  const { items } = await member.api<{ items: { id: string; class_full: boolean; completed: boolean }[] }>(
    "/studios/class?location=live",
  );
  for (const c of items.filter((i) => !i.class_full && !i.completed)) {
    const booked = await member.api("/studios/reservation/", { method: "POST", body: { class_id: c.id } }).then(
      () => true,
      () => false, // started already (400): try the next one
    );
    if (booked) return c.id;
  }
  throw new Error("no class of the live studio could be booked");
}
