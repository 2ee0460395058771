import { afterAll, describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { closeBrowser, signInAs, STEP_TIMEOUT, withSession } from "./browser.js";
import { dismissConsent, expectPath, visible } from "./app-helpers.js";
import { callApi, checkWidths, completeWorkout, newMember, reloadUntilVisible, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

type Challenge = { id: string; slug: string; name: string; workouts: { workout_id: string }[] };
type Streaks = {
  time_zone: string;
  daily: { current: number; longest: number };
  weekly: { current: number; longest: number };
  milestones: { reached: { days: number }[]; next: { days: number; remaining: number } };
};

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
const weeks = (n: number) => `${n} ${n === 1 ? "week" : "weeks"}`;
/** The figure a streaks panel shows under a label (its `dt`). */
const figure = (panel: Locator, label: string) =>
  panel
    .locator("dl div")
    .filter({ has: panel.page().getByText(label, { exact: true }) })
    .locator("dd");

describe("hosted app: challenge, history and onboarding", () => {
  it("shows the current challenge's progress going up after a completed workout, and the fall 2022 rules", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const { items } = await member.api<{ items: Challenge[] }>("/v2/workouts/challenges?current=true");
      const current = items[0]!;
      const page = await session.open("/challenge");
      await visible(page.getByText("Current challenge"));
      await visible(page.getByText("Fall 2022 challenge", { exact: true }));
      await visible(
        page.getByText(/Complete all 12 challenge workouts between September 19, 2022 and October 23, 2022/),
      );
      await visible(page.getByText(/A \$50 reward: it expires 6 months after it is issued, is single use/));
      await checkWidths(session, page, "challenge-home");

      await page.getByRole("link", { name: "View challenge" }).first().click();
      await expectPath(page, new RegExp(`^/challenge/${current.slug}$`));
      await visible(page.getByText("0 of 12 workouts"));
      await page.getByRole("button", { name: "Join the challenge" }).click();
      await visible(page.getByText("Joined"));
      await visible(page.getByRole("heading", { name: "Week 1" }));

      await completeWorkout(member, current.workouts[0]!.workout_id);
      await reloadUntilVisible(page, page.getByText("1 of 12 workouts"));
      await visible(page.getByText("1 on demand · 0 live"));
      await visible(page.getByRole("link", { name: /✓ Completed/ }).first()); // the finished workout is ticked off
      await checkWidths(session, page, "challenge");

      await page.goto(page.url().replace(/\/challenge\/.*$/, "/challenge/fall-2022"));
      await visible(page.getByRole("heading", { name: "Fall Challenge 2022" }));
      await visible(page.getByText(/Ended October 23, 2022/));
      await visible(page.getByRole("heading", { name: "FAQ" }));
      expect(await page.getByRole("button", { name: "Join the challenge" }).count()).toBe(0);
      session.assertClean();
    }));

  it("shows all-time stats and workouts per week as a chart or a table", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const { hits } = await member.api<{ hits: { id: string }[] }>("/tsapi/workouts/search", {
        method: "POST",
        body: {
          facets: [],
          filters: "NOT type:walk AND NOT type:rest",
          keywords: "",
          sort: "shortest",
          page: 0,
          hits: 2,
          pagination: "on",
          equipmentFilter: "selected",
          seriesWorkoutsParam: "",
        },
      });
      for (const w of hits) await completeWorkout(member, w.id);
      const page = await session.open("/workout-history");
      await expect
        .poll(() => page.getByRole("list", { name: "Workout History" }).getByRole("listitem").count())
        .toBe(2);
      await page.getByRole("button", { name: "Live", exact: true }).click();
      await visible(page.getByText("NO WORKOUTS YET"));
      await page.getByRole("button", { name: "All", exact: true }).click();
      await expect
        .poll(() => page.getByRole("list", { name: "Workout History" }).getByRole("listitem").count())
        .toBe(2);
      await checkWidths(session, page, "history");
      await page.getByRole("link", { name: "All-time stats" }).click();
      await expectPath(page, /^\/workout-history\/detail$/);
      const onDemand = page.locator("dl div").filter({ hasText: "On-Demand" }).locator("dd");
      await expect.poll(() => onDemand.textContent()).toBe("2");
      const chart = page.getByRole("img", { name: /Workouts and minutes per week/ });
      await visible(chart);
      await visible(page.locator("p").filter({ hasText: /Over the last 12 weeks: 2 workouts and \d+ minutes/ }));
      await checkWidths(session, page, "stats-chart");
      await page.getByRole("button", { name: "Show as table" }).click();
      const rows = page.getByRole("table").locator("tbody tr");
      await expect.poll(() => rows.count()).toBe(12);
      expect(await rows.first().locator("td").first().textContent()).toBe("2");
      await checkWidths(session, page, "stats-table");
      session.assertClean();
    }));

  it("shows the demo member's daily and weekly streaks and milestone badges on the home strip and the stats page", () =>
    withSession(async (session) => {
      const { token } = await signInAs(session, "member@demo.fitkit.dev");
      const page = await session.open("/home");
      await dismissConsent(page);
      // The app counts days in the browser's zone: ask the API the same, for the numbers to expect.
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const s = await callApi<Streaks>(token, `/stats/v2/streaks?tz=${encodeURIComponent(zone)}`);
      expect(s.time_zone).toBe(zone);
      expect(s.daily.current).toBeGreaterThanOrEqual(7); // the seeded history's streak, at any hour of seeding
      const next = s.milestones.next;

      const strip = page.getByRole("region", { name: "Your streaks" });
      await expect
        .poll(() => figure(strip, "Daily streak").textContent(), { timeout: STEP_TIMEOUT })
        .toBe(days(s.daily.current));
      expect(await figure(strip, "Weekly streak").textContent()).toBe(weeks(s.weekly.current));
      expect(await figure(strip, "Longest daily streak").textContent()).toBe(days(s.daily.longest));
      const stripBadges = strip.getByRole("list", { name: "Milestones" });
      await visible(stripBadges.getByText(/^7-day streak milestone, reached [A-Z][a-z]{2} \d{1,2}, \d{4}$/));
      await visible(
        stripBadges.getByText(`Next milestone: ${next.days}-day streak, ${days(next.remaining)} to go`, {
          exact: true,
        }),
      );
      await visible(strip.getByText(`${days(next.remaining)} to go to your ${next.days}-day milestone.`));
      expect(await session.axe(page)).toEqual([]);

      await strip.getByRole("link", { name: /Streaks and milestones/ }).click();
      await expectPath(page, /^\/workout-history\/detail$/);
      const panel = page.getByRole("region", { name: "Streaks", exact: true });
      await expect
        .poll(() => figure(panel, "Daily streak").textContent(), { timeout: STEP_TIMEOUT })
        .toBe(days(s.daily.current));
      expect(await figure(panel, "Weekly streak").textContent()).toBe(weeks(s.weekly.current));
      expect(await figure(panel, "Longest daily streak").textContent()).toBe(days(s.daily.longest));
      expect(await figure(panel, "Longest weekly streak").textContent()).toBe(weeks(s.weekly.longest));
      const badges = panel.getByRole("list", { name: "Milestones" });
      for (const m of s.milestones.reached)
        await visible(badges.getByText(new RegExp(`^${m.days}-day streak milestone, reached `)));
      await visible(badges.getByText(`${next.days}-day streak`, { exact: true }).first());
      await visible(panel.getByText(`Days and weeks count in your time zone (${zone})`));
      await checkWidths(session, page, "stats-streaks");
      session.assertClean();
    }));

  it("takes a new member through the onboarding quiz to their results and the welcome page", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", givenName: "Olive" });
      const page = await session.open("/home");
      await expectPath(page, /^\/onboarding$/);
      await visible(page.getByRole("heading", { name: "Let's find your fit" }));
      const submit = page.getByRole("button", { name: "See my results" });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole("radio", { name: "Brand new" }).check();
      await page.getByRole("checkbox", { name: "Core" }).check();
      await page.getByRole("radio", { name: "Up to 30 min" }).check();
      await checkWidths(session, page, "onboarding");
      await submit.click();
      await expectPath(page, /^\/onboarding\?results=[0-9a-f-]+$/);
      await visible(page.getByRole("heading", { name: "Your results" }));
      await visible(page.getByRole("heading", { name: "Workouts for you" }));
      await checkWidths(session, page, "onboarding-results");
      await page.getByRole("link", { name: "Continue to Welcome" }).click();
      await expectPath(page, /^\/welcome$/);
      await visible(page.getByRole("heading", { name: "Welcome, Olive!" }));
      await sees(page, "See my results");
      await checkWidths(session, page, "welcome");
      // With results stored, the member is no longer sent to the quiz.
      await page.getByRole("link", { name: "Go to Home" }).click();
      await expectPath(page, /^\/home$/);
      session.assertClean();
    }));
});
