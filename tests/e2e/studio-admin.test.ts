import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession } from "./browser.js";
import { visible } from "./app-helpers.js";
import { callApi, sees, subscribe } from "./app-part2-helpers.js";

afterAll(closeBrowser);

const CHICAGO = "America/Chicago";
const STAFF = "staff@demo.fitkit.dev";

/** The local date and "HH:MM" of an instant in Chicago. */
function chicago(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: CHICAGO,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const unique = () => Math.random().toString(36).slice(2, 7);

describe("the studio staff area", () => {
  // The browser is a visitor's in Chicago, so the site's schedule shows the class's day and time as staff entered them.
  it("staff add a one-off class and it appears on the studio's site", () =>
    withSession(
      async (session) => {
        const staff = await signInTokens(STAFF);
        await keepTokens(session, staff, ["Essential"]);
        const page = await session.open("/studio");
        await visible(page.getByRole("heading", { name: "This week’s classes" }));
        await visible(page.getByText("Chicago · times in America/Chicago"));
        await expect
          .poll(() => page.locator("#oneoff-trainer option").count(), { timeout: STEP_TIMEOUT })
          .toBeGreaterThan(1);
        expect(await session.axe(page)).toEqual([]);

        const tomorrow = chicago(new Date(Date.now() + 24 * 3_600_000)).date;
        const type = `Journey Barre ${unique()}`;
        const form = page.getByRole("region", { name: "Add a one-off class" });
        await form.getByLabel("Date").fill(tomorrow);
        await form.getByLabel("Start time").fill("20:40");
        await form.getByLabel("End time").fill("21:25");
        await form.getByLabel("Class type").fill(type);
        await form.getByLabel("Trainer").selectOption({ index: 1 });
        await form.getByLabel("Capacity").fill("6");
        await form.getByLabel("Room").fill("Studio B");
        await form.getByRole("button", { name: "Add class" }).click();
        await sees(page, `${type} added on`);
        await session.screenshot(page, "studio-week");

        const site = await session.open("/examples/studio-site.html");
        const schedule = site.locator("fit-live-schedule");
        const days = schedule.locator("button[aria-pressed]");
        await expect.poll(() => days.count(), { timeout: STEP_TIMEOUT }).toBe(7);
        await days.nth(1).click(); // tomorrow in Chicago
        await visible(schedule.getByText(type));
        await visible(schedule.getByText("8:40 PM – 9:25 PM"));
        session.assertClean();
        // A visitor in Chicago: the site's schedule shows its days and times in the studio's own zone.
      },
      { timezoneId: CHICAGO },
    ));

  it("staff check a booked member in from the roster", () =>
    withSession(async (session) => {
      const staff = await signInTokens(STAFF);
      // A class starting within the check-in window (15 minutes); just before midnight it starts at midnight.
      let start = chicago(new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000));
      if (start.time > "23:45") start = { date: chicago(new Date(Date.now() + 20 * 60_000)).date, time: "00:00" };
      const [h, m] = start.time.split(":").map(Number) as [number, number];
      const endMinutes = Math.min(h * 60 + m + 30, 23 * 60 + 59);
      const end = `${String(Math.floor(endMinutes / 60)).padStart(2, "0")}:${String(endMinutes % 60).padStart(2, "0")}`;
      const { id: trainer } = (await callApi<{ items: { id: string }[] }>(staff.token, "/studio-admin/v1/trainers"))
        .items[0]!;
      const cls = await callApi<{ id: string }>(staff.token, "/studio-admin/v1/locations/chicago/classes", {
        method: "POST",
        body: {
          date: start.date,
          start_time: start.time,
          end_time: end,
          class_type: `Desk Check ${unique()}`,
          trainer_id: trainer,
          capacity: 4,
          room: "Front room",
        },
      });
      const email = `desk-${unique()}@example.com`;
      const member = await callApi<{ token: string }>(undefined, "/api/auth/sign-up/email", {
        method: "POST",
        body: { email, password: "desk-secret", given_name: "Dana", family_name: "Desk", waiver_accepted: true },
      });
      await subscribe(member.token);
      const reservation = await callApi<{ id: string }>(member.token, "/studios/reservation/", {
        method: "POST",
        body: { class_id: cls.id },
      });

      await keepTokens(session, staff, ["Essential"]);
      const page = await session.open(`/studio/classes/${cls.id}?location=chicago`);
      const row = page.getByRole("row", { name: /Dana Desk/ });
      await visible(row.getByText("Booked", { exact: true }));
      expect(await session.axe(page)).toEqual([]);
      await row.getByRole("button", { name: "Check in Dana Desk" }).focus();
      await page.keyboard.press("Enter");
      await sees(page, "Dana Desk is checked in.");
      await visible(row.getByText("Checked in", { exact: true }));
      await session.screenshot(page, "studio-roster");
      const mine = await callApi<{ items: { id: string; status: string }[] }>(member.token, "/studios/reservation");
      expect(mine.items.find((r) => r.id === reservation.id)?.status).toBe("check in");
      session.assertClean();
    }));

  it("staff add a weekly class and change its time, by keyboard", () =>
    withSession(async (session) => {
      await keepTokens(session, await signInTokens(STAFF), ["Essential"]);
      const page = await session.open("/studio");
      const type = `Weekly Flow ${unique()}`;
      const form = page.getByRole("form", { name: "Add a weekly class" });
      await visible(form);
      await expect
        .poll(() => form.getByLabel("Trainer").locator("option").count(), { timeout: STEP_TIMEOUT })
        .toBeGreaterThan(1);
      await form.getByRole("checkbox", { name: "Sat" }).check();
      await form.getByLabel("Start time").fill("21:10");
      await form.getByLabel("Class type").fill(type);
      await form.getByLabel("Trainer").selectOption({ index: 1 });
      await form.getByLabel("Room").fill(`Room ${type}`);
      await form.getByRole("button", { name: "Add weekly class" }).click();
      await sees(page, `${type} at 21:10 added to the weekly schedule.`);

      await page.getByRole("button", { name: `Edit weekly class ${type} at 21:10` }).click();
      const edit = page.getByRole("form", { name: `Change ${type} at 21:10` });
      await edit.getByLabel("Start time").fill("21:20");
      await edit.getByRole("button", { name: "Save weekly class" }).focus();
      await page.keyboard.press("Enter");
      await sees(page, `${type} at 21:20 saved.`);
      expect(await session.axe(page)).toEqual([]);

      await page.getByRole("button", { name: `End weekly class ${type} at 21:20` }).click();
      await sees(page, `${type} ended.`);
      session.assertClean();
    }));

  it("an owner switches location, reads the numbers and sets the booking policy", () =>
    withSession(async (session) => {
      const owner = await signInTokens("owner@demo.fitkit.dev");
      await keepTokens(session, owner, ["Essential"]);
      const policy = () =>
        callApi<{ max_open_bookings: number | null }>(owner.token, "/studio-admin/v1/locations/los-angeles/policy");
      const page = await session.open("/studio/numbers");
      await visible(page.getByRole("table", { name: "Weekly numbers" }));
      await page.getByLabel("Location").selectOption({ label: "Los Angeles" });
      await visible(page.getByText("Los Angeles · times in America/Los_Angeles"));
      await visible(page.getByRole("img", { name: /^Week of .*(full|no classes ran)\.$/ }));
      expect(await session.axe(page)).toEqual([]);

      await page.getByRole("link", { name: "Settings" }).click();
      const field = page.getByLabel("Open bookings per member");
      await visible(field);
      await field.fill("0");
      await page.getByRole("button", { name: "Save policy" }).click();
      await sees(page, "Enter a whole number from 1 to 100.");
      await field.fill("5");
      await page.getByRole("button", { name: "Save policy" }).click();
      await sees(page, "Booking policy saved.");
      expect((await policy()).max_open_bookings).toBe(5);
      expect(await session.axe(page)).toEqual([]);
      // Empty is the default limit again (as the demo studios are).
      await field.fill("");
      await page.getByRole("button", { name: "Save policy" }).click();
      await expect.poll(async () => (await policy()).max_open_bookings, { timeout: STEP_TIMEOUT }).toBeNull();
      session.assertClean();
    }));

  it("tells a member who is not staff that the area is for staff", () =>
    withSession(async (session) => {
      const member = await signInTokens("member@demo.fitkit.dev");
      await keepTokens(session, member, ["Essential"]);
      const page = await session.open("/studio");
      await visible(page.getByRole("heading", { name: "Staff only" }));
      expect(await session.axe(page)).toEqual([]);
      session.assertClean();
    }));
});
