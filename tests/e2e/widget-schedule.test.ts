import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { appUrl, closeBrowser, signInAs, siteUrl, withSession } from "./browser.js";

afterAll(closeBrowser);

/** The first class of the shown day that a member can reserve. */
const reservable = (schedule: Locator) =>
  schedule
    .locator("article")
    .filter({ has: schedule.page().getByRole("button", { name: "Reserve", exact: true }) })
    .first();

/** Picks a day with a reservable class (today's may all have ended) and answers that class's row. */
async function firstReservable(schedule: Locator): Promise<Locator> {
  const days = schedule.locator("button[aria-pressed]");
  for (let i = 0; i < 7; i++) {
    await days.nth(i).click();
    const row = reservable(schedule);
    if (await row.count()) return row;
  }
  throw new Error("no reservable class this week");
}

/** The instant of `hour`:00 today in Chicago (the studio's zone), for fixing the browser's clock. */
function chicagoToday(hour: number): number {
  const now = Date.now();
  const [h, m] = new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Chicago",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(now)
    .split(":")
    .map(Number);
  return now + (hour * 60 - (h! * 60 + m!)) * 60_000;
}

describe("<fit-live-schedule>", () => {
  it("lets a visitor browse the week with the spec's navigation rules", () =>
    withSession(async (session) => {
      const page = await session.open("/examples/studio-site.html");
      const schedule = page.locator("fit-live-schedule");
      const days = schedule.locator("button[aria-pressed]");
      await expect.poll(() => days.count()).toBe(7);
      // The week opens on its first day with classes left: today, unless today's have all ended.
      await schedule.locator("article").first().waitFor();
      const opened = await selectedIndex(schedule);
      expect(opened).toBeGreaterThanOrEqual(0);
      for (let i = 0; i < opened; i++) {
        await days.nth(i).click();
        await schedule.getByText("No classes on this day").waitFor();
      }
      // Today is the first day shown: no previous week; the next week is within 30 days.
      const previous = schedule.getByRole("button", { name: "Previous week" });
      const next = schedule.getByRole("button", { name: "Next week" });
      expect(await previous.isDisabled()).toBe(true);
      expect(await next.isDisabled()).toBe(false);
      expect([await previous.getAttribute("aria-disabled"), await next.getAttribute("aria-disabled")]).toEqual([
        "true",
        "false",
      ]);
      // A disabled arrow looks disabled: neither its glyph nor its border keeps the enabled arrow's colour.
      const look = (arrow: Locator) =>
        arrow.evaluate((el) => {
          const c = getComputedStyle(el);
          return { color: c.color, border: `${c.borderTopStyle} ${c.borderTopColor}` };
        });
      const [off, on] = [await look(previous), await look(next)];
      expect(off.color).not.toBe(on.color);
      expect(off.border).not.toBe(on.border);
      const firstLabel = await days.first().textContent();
      await days.nth(2).click();
      expect(await days.nth(2).getAttribute("aria-pressed")).toBe("true");
      await next.click();
      await expect.poll(() => days.first().textContent()).not.toBe(firstLabel);
      expect(await previous.isDisabled()).toBe(false);
      // Four weeks on, the last shown day is more than 30 days out: next is disabled.
      for (let i = 0; i < 3 && !(await next.isDisabled()); i++) await next.click();
      expect(await next.isDisabled()).toBe(true);
      await expect.poll(() => schedule.locator("article").count()).toBeGreaterThan(0);
      // A studio's own site shows its classes in the studio's zone (issue 32), and says so.
      expect(await schedule.getByText(/Class times are shown in .+, the studio's time zone\./).count()).toBe(1);
      await session.screenshot(page, "schedule-visitor-later-week");
      session.assertClean();
    }));

  it("opens on the next day with classes once today's have all ended, the week still starting today", () =>
    withSession(
      async (session) => {
        // 22:00 in Chicago today: the studio's last class of any day ends at 19:45.
        const evening = chicagoToday(22);
        await session.context.clock.setFixedTime(evening);
        const page = await session.open("/examples/studio-site.html");
        const schedule = page.locator("fit-live-schedule");
        const days = schedule.locator("button[aria-pressed]");
        await schedule.locator("article").first().waitFor();
        expect(await days.nth(1).getAttribute("aria-pressed")).toBe("true");
        const tomorrow = new Intl.DateTimeFormat("en-US", {
          timeZone: "America/Chicago",
          weekday: "long",
          month: "long",
          day: "numeric",
        }).format(evening + 24 * 3_600_000);
        expect(await schedule.getByRole("heading", { level: 3 }).textContent()).toBe(tomorrow);
        // Today is still the first day shown (no previous week), and picking it shows that nothing is left.
        expect(await schedule.getByRole("button", { name: "Previous week" }).isDisabled()).toBe(true);
        await days.first().click();
        await schedule.getByText("No classes on this day").waitFor();
        session.assertClean();
      },
      { timezoneId: "America/Chicago" },
    ));

  it("shows the week of its time-zone attribute when the visitor's browser is in another zone", () =>
    withSession(
      async (session) => {
        // 20:00 in Chicago, already 03:00 the next day in Berlin.
        const evening = chicagoToday(20);
        await session.context.clock.setFixedTime(evening);
        const page = await session.openWidgets(
          `<fit-live-schedule location="chicago" time-zone="Europe/Berlin"></fit-live-schedule>`,
        );
        const schedule = page.locator("fit-live-schedule");
        await schedule.locator("article").first().waitFor();
        const berlin = (options: Intl.DateTimeFormatOptions) =>
          new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", ...options }).format(evening);
        const days = schedule.locator("button[aria-pressed]");
        expect(await days.first().textContent()).toBe(`${berlin({ weekday: "short" })} ${berlin({ day: "numeric" })}`);
        expect(await schedule.getByRole("button", { name: "Previous week" }).isDisabled()).toBe(true);
        await days.first().click();
        expect(await schedule.getByRole("heading", { level: 3 }).textContent()).toBe(
          berlin({ weekday: "long", month: "long", day: "numeric" }),
        );
        session.assertClean();
      },
      { timezoneId: "America/Chicago" },
    ));

  it("lets a member reserve and cancel a class, with the spec's copy", () =>
    withSession(async (session) => {
      await signInAs(session, "vip@demo.fitkit.dev");
      const page = await session.open("/examples/studio-site.html");
      const schedule = page.locator("fit-live-schedule");
      const row = await firstReservable(schedule);
      const classId = await row.getAttribute("aria-labelledby");
      const booked = schedule.locator(`article[aria-labelledby="${classId}"]`);
      await booked.getByRole("button", { name: "Reserve", exact: true }).click();
      await booked.getByText("You’re in!").waitFor();
      expect(await booked.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toMatch(
        /^data:text\/calendar/,
      );
      await session.screenshot(page, "schedule-member-booked");

      await booked.getByRole("button", { name: "Cancel", exact: true }).click();
      const dialog = schedule.getByRole("dialog");
      await dialog.getByText("Are you sure you want to cancel your class?").waitFor();
      await session.screenshot(page, "schedule-member-cancel-confirm");
      await dialog.getByRole("button", { name: "Cancel booking" }).click();
      await schedule.getByText("Your reservation is cancelled.").waitFor({ state: "attached" });
      await booked.getByRole("button", { name: "Reserve", exact: true }).waitFor();
      session.assertClean();
    }));

  it("shares one store between two schedules: one request for the classes, and a booking in one shows in the other", () =>
    withSession(async (session) => {
      await signInAs(session, "trial@demo.fitkit.dev");
      const calls: string[] = [];
      session.context.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === "GET" && (path === "/studios/class" || path === "/studios/reservation")) calls.push(path);
      });
      const page = await session.openWidgets(
        `<fit-live-schedule id="a" location="new-york"></fit-live-schedule><fit-live-schedule id="b" location="new-york"></fit-live-schedule>`,
      );
      const a = page.locator("#a");
      const b = page.locator("#b");
      const row = await firstReservable(a);
      const classId = await row.getAttribute("aria-labelledby");
      expect(calls.filter((c) => c === "/studios/class")).toHaveLength(1);
      expect(calls.filter((c) => c === "/studios/reservation")).toHaveLength(1);

      await b
        .locator("button[aria-pressed]")
        .nth(await selectedIndex(a))
        .click();
      await row.getByRole("button", { name: "Reserve", exact: true }).click();
      await b.locator(`article[aria-labelledby="${classId}"]`).getByText("You’re in!").waitFor();
      await session.screenshot(page, "schedule-two-widgets-shared");
      // Clean up so later runs on this database start from the same state.
      await a
        .locator(`article[aria-labelledby="${classId}"]`)
        .getByRole("button", { name: "Cancel", exact: true })
        .click();
      await a.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
      await b
        .locator(`article[aria-labelledby="${classId}"]`)
        .getByRole("button", { name: "Reserve", exact: true })
        .waitFor();
      session.assertClean();
    }));

  it("shows the spec's reservation error copy when the server refuses, and an offline notice", () =>
    withSession(async (session) => {
      await signInAs(session, "vip@demo.fitkit.dev");
      const first = await session.open("/examples/studio-site.html");
      const stale = await session.open("/examples/studio-site.html");
      const row = await firstReservable(first.locator("fit-live-schedule"));
      const labelledBy = (await row.getAttribute("aria-labelledby"))!;
      const day = await selectedIndex(first.locator("fit-live-schedule"));
      const mine = first.locator("fit-live-schedule").locator(`article[aria-labelledby="${labelledBy}"]`);
      await mine.getByRole("button", { name: "Reserve", exact: true }).click();
      await mine.getByText("You’re in!").waitFor();

      // The second tab still shows the class as reservable; the server answers 400 (already reserved).
      const schedule = stale.locator("fit-live-schedule");
      await schedule.locator("button[aria-pressed]").nth(day).click();
      await schedule
        .locator(`article[aria-labelledby="${labelledBy}"]`)
        .getByRole("button", { name: "Reserve", exact: true })
        .click();
      await schedule
        .getByRole("alert")
        .getByText("Your reservation could not be completed. Please try again.")
        .waitFor();

      await session.context.setOffline(true);
      await schedule.getByText(/You’re offline/).waitFor();
      await session.context.setOffline(false);
      await schedule.getByText(/You’re offline/).waitFor({ state: "detached" });

      // Clean up the booking.
      const booked = first.locator("fit-live-schedule").locator(`article[aria-labelledby="${labelledBy}"]`);
      await booked.getByRole("button", { name: "Cancel", exact: true }).click();
      await first
        .locator("fit-live-schedule")
        .getByRole("dialog")
        .getByRole("button", { name: "Cancel booking" })
        .click();
      await booked.getByRole("button", { name: "Reserve", exact: true }).waitFor();
      session.assertClean({ allowConsole: /status of 400/ });
    }));

  it("books by keyboard alone", () =>
    withSession(async (session) => {
      await signInAs(session, "new@demo.fitkit.dev");
      const page = await session.open("/examples/studio-site.html");
      const schedule = page.locator("fit-live-schedule");
      const row = await firstReservable(schedule);
      const classId = await row.getAttribute("aria-labelledby");
      const booked = schedule.locator(`article[aria-labelledby="${classId}"]`);
      await page.mouse.click(5, 5); // start from the document, as a keyboard user would
      await tabUntil(page, (label) => label === "Reserve", classId!);
      await page.keyboard.press("Enter");
      await booked.getByText("You’re in!").waitFor();
      await tabUntil(page, (label) => label === "Cancel", classId!);
      await page.keyboard.press("Enter");
      const dialog = schedule.getByRole("dialog");
      await dialog.waitFor();
      // Escape closes the confirmation and gives focus back to Cancel.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await focusedLabel(page)).toBe("Cancel");
      await page.keyboard.press("Enter");
      await dialog.waitFor();
      await tabUntil(page, (label) => label === "Cancel booking");
      await page.keyboard.press("Enter");
      await booked.getByRole("button", { name: "Reserve", exact: true }).waitFor();
      session.assertClean();
    }));

  it("hands booking to the hosted app in a popup on another site and believes only the app's answer", () =>
    withSession(async (session) => {
      const page = await session.open(`${siteUrl()}/examples/studio-site.html`);
      const schedule = page.locator("fit-live-schedule");
      const row = await firstReservable(schedule);
      const labelledBy = (await row.getAttribute("aria-labelledby"))!;
      const classId = labelledBy.replace(/^class-/, "");
      // Stand-in for the hosted app's booking page (host/app owns the real one): after its sign-in and booking it posts
      // the protocol message to its opener, targeted at the site origin it was given.
      await session.context.route(`${appUrl()}/live/book?*`, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>Book</title><button id="done">Booked</button><script>
            const q = new URLSearchParams(location.search);
            document.getElementById("done").onclick = () => window.opener.postMessage({ type: "fit:booked", classId: q.get("class") }, q.get("origin"));
          </script>`,
        }),
      );
      const popup = await session.popup(page, () => row.getByRole("button", { name: "Reserve", exact: true }).click());
      const opened = new URL(popup.url());
      expect(opened.origin).toBe(appUrl());
      expect(opened.pathname).toBe("/live/book");
      expect(opened.searchParams.get("class")).toBe(classId);
      expect(opened.searchParams.get("origin")).toBe(siteUrl());

      // A message from the embedding page's own origin is not the hosted app: ignored.
      await page.evaluate((id) => window.postMessage({ type: "fit:booked", classId: id }, "*"), classId);
      await page.waitForTimeout(300);
      expect(await row.getByText("You’re in!").count()).toBe(0);

      await popup.click("#done");
      await schedule.locator(`article[aria-labelledby="${labelledBy}"]`).getByText("You’re in!").waitFor();
      await session.screenshot(page, "schedule-popup-booked");
      session.assertClean();
    }));
});

async function selectedIndex(schedule: Locator) {
  const states = await schedule
    .locator("button[aria-pressed]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-pressed")));
  return states.indexOf("true");
}

/** The accessible label of the focused element, looking through shadow roots. */
function focusedLabel(page: Page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return (el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim();
  });
}

/** Presses Tab until the focused element has the wanted label (and, when given, describes that class). */
async function tabUntil(page: Page, wanted: (label: string) => boolean, describedBy?: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const hit = await page.evaluate((id) => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return {
        label: (el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim(),
        describedBy: el?.getAttribute("aria-describedby") ?? null,
        id,
      };
    }, describedBy ?? null);
    if (wanted(hit.label) && (!describedBy || hit.describedBy === describedBy)) return;
  }
  throw new Error("the wanted control was never focused by Tab");
}
