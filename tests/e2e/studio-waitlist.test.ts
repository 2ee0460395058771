import { afterAll, describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { appUrl, closeBrowser, keepTokens, openSession, signInTokens, STEP_TIMEOUT } from "./browser.js";
import { visible } from "./app-helpers.js";
import { callApi, subscribe } from "./app-part2-helpers.js";

afterAll(closeBrowser);

const CHICAGO = "America/Chicago";
const unique = () => Math.random().toString(36).slice(2, 7);

/** The local date of an instant in Chicago (YYYY-MM-DD). */
const chicagoDate = (instant: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: CHICAGO, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );

/**
 * A fresh member signed up and subscribed through the API (no state shared with the demo members other journeys use;
 * live classes are booked by members only).
 */
async function signUp(givenName: string) {
  const email = `wl-${givenName.toLowerCase()}-${Date.now()}-${unique()}@example.com`;
  const answer = await callApi<{ token: string; refreshToken: string }>(undefined, "/api/auth/sign-up/email", {
    method: "POST",
    body: { email, password: "waitlist-secret", given_name: givenName, family_name: "Waiter", waiver_accepted: true },
  });
  await subscribe(answer.token);
  return { email, ...answer };
}

/** The class's row on the shown week: picks its day (labelled "Thu 27" in the browser's zone, Chicago) and waits. */
async function rowOf(schedule: Locator, classId: string, day: string): Promise<Locator> {
  await schedule
    .locator("button[aria-pressed]")
    .filter({ hasText: new RegExp(`^${day}$`) })
    .click();
  // The day's row (the "Your next class" card above the list repeats a booked class under another heading id).
  const row = schedule.locator(`article[aria-labelledby="class-${classId}"]`);
  await row.waitFor();
  return row;
}

describe("a full class's waitlist", () => {
  // Two days ahead at 20:40 in Chicago: inside the location's 14-day booking window and long before the 120-minute
  // auto-book cutoff, whatever the hour the suite runs; both browsers are in Chicago, so the week holds that day.
  it("books the first member waiting, live on their open page, when the last spot is given back", async () => {
    const staff = await signInTokens("staff@demo.fitkit.dev");
    const { id: trainer } = (await callApi<{ items: { id: string }[] }>(staff.token, "/studio-admin/v1/trainers"))
      .items[0]!;
    const type = `Last Spot Flow ${unique()}`;
    const classDay = Date.now() + 2 * 24 * 3_600_000;
    const chicago = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-US", { timeZone: CHICAGO, ...options }).format(classDay);
    const dayLabel = `${chicago({ weekday: "short" })} ${chicago({ day: "numeric" })}`;
    const cls = await callApi<{ id: string }>(staff.token, "/studio-admin/v1/locations/chicago/classes", {
      method: "POST",
      body: {
        date: chicagoDate(classDay),
        start_time: "20:40",
        end_time: "21:25",
        class_type: type,
        trainer_id: trainer,
        capacity: 2,
        room: "Studio C",
      },
    });
    // Someone else already holds one of the two spots.
    const other = await signUp("Olive");
    await callApi(other.token, "/studios/reservation/", { method: "POST", body: { class_id: cls.id } });
    const a = await signUp("Avery");
    const b = await signUp("Blake");

    const sessionA = await openSession({ timezoneId: CHICAGO });
    const sessionB = await openSession({ timezoneId: CHICAGO });
    try {
      // A books the last spot.
      await keepTokens(sessionA, a, ["Essential"]);
      const pageA = await sessionA.open("/examples/studio-site.html");
      const rowA = await rowOf(pageA.locator("fit-live-schedule"), cls.id, dayLabel);
      await visible(rowA.getByText("1 spot left"));
      await rowA.getByRole("button", { name: "Reserve", exact: true }).click();
      await visible(rowA.getByText("You’re in!"));

      // B finds it full and joins the waitlist.
      await keepTokens(sessionB, b, ["Essential"]);
      // B's page follows the live spot counts (its stream opens after the schedule's first render).
      const following = sessionB.context.waitForEvent("response", {
        predicate: (r) => new URL(r.url()).pathname === "/studios/live-classes/stream" && r.status() === 200,
        timeout: STEP_TIMEOUT,
      });
      const pageB = await sessionB.open("/examples/studio-site.html");
      const rowB = await rowOf(pageB.locator("fit-live-schedule"), cls.id, dayLabel);
      await rowB.getByRole("button", { name: "Join waitlist" }).click();
      await visible(rowB.getByText("1st on the waitlist", { exact: true }));
      await visible(rowB.getByRole("button", { name: "Leave waitlist" }));
      await visible(rowB.getByText(/you’re booked automatically and emailed/));
      await sessionB.screenshot(pageB, "waitlist-first-in-line");

      // A gives the spot back, once B's page is following the stream.
      await following;
      await rowA.getByRole("button", { name: "Cancel", exact: true }).click();
      const dialog = pageA.locator("fit-live-schedule").getByRole("dialog");
      await dialog.getByRole("button", { name: "Cancel booking" }).click();
      await visible(rowA.getByRole("button", { name: "Join waitlist" }));

      // B's page, never reloaded, shows the booking the waitlist gave them.
      await visible(rowB.getByText("You’re in!"));
      // Told on screen and to a screen reader.
      const told = `A spot opened: you’re booked into ${type}.`;
      const scheduleB = pageB.locator("fit-live-schedule");
      await visible(scheduleB.getByRole("paragraph").filter({ hasText: told }));
      expect(await scheduleB.getByRole("status").filter({ hasText: told }).count()).toBe(1);
      await visible(rowB.getByRole("button", { name: "Cancel", exact: true }));
      expect(await rowB.getByText("1st on the waitlist").count()).toBe(0);
      await sessionB.screenshot(pageB, "waitlist-promoted-live");

      // And the promotion's email is in the outbox, addressed to B.
      const mail = await fetch(`${appUrl()}/dev/mail.json`).then(
        (r) => r.json() as Promise<{ items: { to_address: string; subject: string; text_body: string }[] }>,
      );
      const toB = mail.items.filter((m) => m.to_address === b.email);
      expect(toB.map((m) => m.subject)).toEqual([`You're booked: ${type}`]);
      expect(toB[0]!.text_body).toContain("you were next on the waitlist");
      expect(mail.items.some((m) => m.to_address === a.email && m.subject.includes(type))).toBe(false);

      sessionA.assertClean();
      sessionB.assertClean();
    } finally {
      await sessionA.close();
      await sessionB.close();
    }
  });
});
