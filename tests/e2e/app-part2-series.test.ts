import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, signInAs, withSession } from "./browser.js";
import { expectPath, visible } from "./app-helpers.js";
import { callApi, checkWidths, completeWorkout, newMember, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

type SeriesDetail = { id: string; slug: string; name: string; items: { id: string; slug: string; name: string }[] };
const seriesOf = (slug: string) => callApi<SeriesDetail>(undefined, `/tsapi/series/${slug}?include=4`);

describe("hosted app: series", () => {
  it("shows the overview with its featured banner and carousels, and See All lists every series A-Z", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/series");
      await visible(page.getByRole("heading", { name: "Series", level: 1 }));
      await visible(page.getByText("Featured Series").first());
      await visible(page.getByRole("link", { name: "More Info" }).first());
      await page.locator("fit-series-card").first().waitFor();
      await checkWidths(session, page, "series-home");

      await page.getByRole("link", { name: "See All" }).first().click();
      await expectPath(page, /^\/series\/all-series$/);
      await visible(page.getByRole("heading", { name: "All Series" }));
      await page.locator("[id^=letter-] > h2").first().waitFor();
      const letters = await page.locator("[id^=letter-] > h2").allTextContents();
      expect(letters.length).toBeGreaterThan(3);
      expect(letters).toEqual([...letters].sort());
      await checkWidths(session, page, "all-series");
      session.assertClean();
    }));

  it("joins a series, completes a workout for '1 of N', opens the pane, and leaves after the confirmation", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const series = await seriesOf("core-foundations-COR0322");
      const total = series.items.length;
      const page = await session.open(`/series/${series.slug}`);
      await visible(page.getByRole("heading", { name: series.name, level: 1 }));
      await visible(page.getByRole("heading", { name: "Before You Start" }));
      await visible(page.getByRole("heading", { name: "Additional content" }));
      await visible(page.getByText("Equipment Used"));

      await page.getByRole("button", { name: "Join Series" }).click();
      await visible(page.getByText("Enrolled", { exact: true }));
      await visible(page.getByRole("link", { name: "Start Series" }).first());
      await visible(page.getByText(`0 of ${total} completed`));
      await visible(page.getByRole("heading", { name: "Your Next Workout" }));

      await completeWorkout(member, series.items[0]!.id);
      await page.reload();
      await visible(page.getByText(`1 of ${total} completed`));
      await visible(page.getByRole("link", { name: "Continue" }).first());
      await visible(page.getByRole("heading", { name: "Overall Progress" }));
      await checkWidths(session, page, "series-enrolled");

      // A workout of the series opens in the detail pane over the series page, and closes back to it.
      await page.getByRole("link", { name: series.items[1]!.name }).first().click();
      await expectPath(page, new RegExp(`^/series/${series.slug}/detail/${series.items[1]!.slug}$`));
      await visible(page.getByRole("dialog"));
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
      await expectPath(page, new RegExp(`^/series/${series.slug}$`));

      await page.getByRole("button", { name: "Leave Series" }).click();
      await visible(page.getByText(`Are you sure you want to leave ${series.name}? Your progress will not be saved.`));
      await page.getByRole("button", { name: "Go Back" }).click();
      await visible(page.getByText(`1 of ${total} completed`));
      await page.getByRole("button", { name: "Leave Series" }).click();
      await page.getByRole("button", { name: "Yes, Leave Series" }).click();
      await visible(page.getByRole("button", { name: "Join Series" }));
      const { series: active } = await member.api<{ series: { series_id: string }[] }>(
        "/v2/workouts/series?active_only=true",
      );
      expect(active.map((s) => s.series_id)).not.toContain(series.id);
      session.assertClean();
    }));

  it("celebrates a finished series with YOU DID IT! and its two ways on", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const series = await seriesOf("recovery-week-RCV0623");
      await member.api("/v2/workouts/series/enroll", { method: "POST", body: { series_id: series.id } });
      for (const w of series.items) await completeWorkout(member, w.id);
      const page = await session.open(`/series/${series.slug}`);
      await visible(page.getByRole("heading", { name: "YOU DID IT!" }));
      await visible(page.getByRole("button", { name: "Back to Home" }));
      await checkWidths(session, page, "series-done");
      await page.getByRole("link", { name: "Look For Another Series" }).click();
      await expectPath(page, /^\/series$/);
      session.assertClean();
    }));

  it("joins and leaves a series with the keyboard only", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/series/weights-101-W1010123");
      await visible(page.getByRole("button", { name: "Join Series" }));
      const tabTo = async (name: string) => {
        for (let i = 0; i < 60; i++) {
          if ((await page.evaluate(() => document.activeElement?.textContent.trim())) === name) return;
          await page.keyboard.press("Tab");
        }
        throw new Error(`Tab never reached ${name}`);
      };
      await tabTo("Join Series");
      await page.keyboard.press("Enter");
      await visible(page.getByText("Enrolled", { exact: true }));
      await tabTo("Leave Series");
      await page.keyboard.press("Enter");
      await visible(page.getByRole("dialog").getByText(/Your progress will not be saved\./));
      await page.keyboard.press("Escape"); // Go Back by keyboard: the dialog closes, still enrolled
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await tabTo("Leave Series");
      await page.keyboard.press("Enter");
      await tabTo("Yes, Leave Series");
      await page.keyboard.press("Enter");
      await visible(page.getByRole("button", { name: "Join Series" }));
      session.assertClean();
    }));

  it("the demo member pauses their series after the confirmation, sees it paused, and resumes with progress kept", () =>
    withSession(async (session) => {
      const { token } = await signInAs(session, "member@demo.fitkit.dev");
      const series = await seriesOf("phase-and-function-PHF0921");
      const page = await session.open(`/series/${series.slug}`);
      await visible(page.getByRole("heading", { name: series.name, level: 1 }));
      const progress = page.getByText(new RegExp(`^\\d+ of ${series.items.length} completed$`)).first();
      await visible(progress);
      const before = await progress.textContent();

      await page.getByRole("button", { name: "Pause Series" }).click();
      await visible(page.getByText(`Are you sure you want to pause ${series.name}? Your progress will be kept.`));
      await page.getByRole("button", { name: "Go Back" }).click();
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await page.getByRole("button", { name: "Pause Series" }).click();
      await page.getByRole("button", { name: "Yes, Pause Series" }).click();

      await visible(page.getByRole("button", { name: "Resume Series" }));
      const { series: mine } = await callApi<{ series: { series_id: string; paused_at: string | null }[] }>(
        token,
        "/v2/workouts/series?active_only=true",
      );
      const pausedAt = mine.find((s) => s.series_id === series.id)?.paused_at;
      expect(pausedAt).toEqual(expect.any(String));
      // The date as the member's browser shows it (its own zone), from the server's instant: no clock read here.
      const since = await page.evaluate(
        (iso) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }),
        pausedAt!,
      );
      await visible(page.getByText(`Paused since ${since}`));
      await visible(page.getByText(`${series.name} is paused.`));
      expect(await progress.textContent()).toBe(before);
      expect(await page.getByRole("link", { name: "Continue" }).count()).toBe(0);
      expect(await session.axe(page)).toEqual([]);

      // Home's series block says so too, and offers to resume on the series page instead of an "up next".
      const home = await session.open("/home");
      const block = home.locator("section[aria-labelledby=series-block-title]");
      await visible(block.getByText(`Paused since ${since}`));
      await visible(block.getByRole("link", { name: "Resume Series" }));
      expect(await block.getByText("UP NEXT").count()).toBe(0);
      await home.close();

      await page.reload();
      await visible(page.getByText(`Paused since ${since}`));
      await page.getByRole("button", { name: "Resume Series" }).click();
      await visible(page.getByText(`Are you sure you want to resume ${series.name}?`, { exact: false }));
      await page.getByRole("button", { name: "Yes, Resume Series" }).click();
      await visible(page.getByRole("button", { name: "Pause Series" }));
      await visible(page.getByRole("link", { name: "Continue" }).first());
      expect(await page.getByText(/^Paused since/).count()).toBe(0);
      expect(await progress.textContent()).toBe(before);
      session.assertClean();
    }));

  it("asks a visitor to join by signing in", () =>
    withSession(async (session) => {
      const page = await session.open("/series/phase-and-function-PHF0921");
      await page.getByRole("link", { name: "Join Now" }).click();
      await expectPath(page, /^\/continue\?redirect=%2Fseries%2Fphase-and-function-PHF0921$/);
      await sees(page, "Email");
      session.assertClean();
    }));
});
