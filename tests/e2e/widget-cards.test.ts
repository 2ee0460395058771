import { afterAll, describe, expect, it } from "vitest";
import { watchEvents } from "../api/watch-events.js";
import { appUrl, closeBrowser, signInAs, withSession } from "./browser.js";

afterAll(closeBrowser);

describe("<fit-series-card>", () => {
  it("shows a visitor the series without member actions", () =>
    withSession(async (session) => {
      const page = await session.openWidgets(`<fit-series-card series="phase-and-function-PHF0921"></fit-series-card>`);
      const card = page.locator("fit-series-card");
      await card.getByRole("heading", { name: "Phase & Function" }).waitFor();
      await card.getByText(/12 workouts/).waitFor();
      await card.getByText("Trainers:").waitFor();
      expect(await card.getByRole("button", { name: "Join Series" }).count()).toBe(0);
      session.assertClean();
    }));

  it("lets a member join, see progress and the next workout, and leave after the spec's confirmation", () =>
    withSession(async (session) => {
      await signInAs(session, "new@demo.fitkit.dev");
      const page = await session.openWidgets(`<fit-series-card series="mobility-reset-MOB0822"></fit-series-card>`);
      const card = page.locator("fit-series-card");
      const joined = page.evaluate(
        () =>
          new Promise((resolve) =>
            document.addEventListener("fit-series-join", (e) => resolve((e as CustomEvent).detail)),
          ),
      );
      await card.getByRole("button", { name: "Join Series" }).click();
      await card.getByText(/^0 of \d+ completed$/).waitFor();
      await card.getByText("Your Next Workout").waitFor();
      expect(await joined).toMatchObject({ slug: "mobility-reset-MOB0822" });
      await session.screenshot(page, "series-card-enrolled");

      await card.getByRole("button", { name: "Leave Series" }).click();
      const dialog = card.getByRole("dialog");
      await dialog
        .getByText("Are you sure you want to leave Mobility Reset? Your progress will not be saved.")
        .waitFor();
      await dialog.getByRole("button", { name: "Go Back" }).click();
      await dialog.waitFor({ state: "hidden" });
      await card.getByRole("button", { name: "Leave Series" }).click();
      await dialog.getByRole("button", { name: "Yes, Leave Series" }).click();
      await card.getByRole("button", { name: "Join Series" }).waitFor();
      session.assertClean();
    }));

  it("shows YOU DID IT! once every workout of the series is completed", () =>
    withSession(async (session) => {
      const { token } = await signInAs(session, "trial@demo.fitkit.dev");
      const call = async <T>(path: string, init: RequestInit = {}) => {
        const response = await fetch(`${appUrl()}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
        });
        expect(response.ok, `${path} answered ${response.status}`).toBe(true);
        return (await response.json()) as T;
      };
      const series = await call<{ id: string; items: { id: string; video: { duration: number } }[] }>(
        "/tsapi/series/recovery-week-RCV0623?include=4",
      );
      await call("/v2/workouts/series/enroll", { method: "POST", body: JSON.stringify({ series_id: series.id }) });
      for (const workout of series.items) {
        const started = await call<{ session_id: string }>(`/v2/workouts/start_session/${workout.id}`);
        // Watched through: the player's progress events (completion counts time watched, not the end position).
        const events = watchEvents(workout.id, started.session_id, 0, workout.video.duration, Date.now());
        await call("/v2/workouts/video_events", { method: "POST", body: JSON.stringify({ events }) });
        await call(`/v2/workouts/end_session/${workout.id}`, {
          method: "POST",
          body: JSON.stringify({ session_id: started.session_id, workout_completed_positions: workout.video.duration }),
        });
      }
      const page = await session.openWidgets(`<fit-series-card series="recovery-week-RCV0623"></fit-series-card>`);
      const card = page.locator("fit-series-card");
      await card.getByText("YOU DID IT!").waitFor();
      await card.getByRole("link", { name: "Look For Another Series" }).waitFor();
      await card.getByRole("link", { name: "Back to Home" }).waitFor();
      await session.screenshot(page, "series-card-completed");
      session.assertClean();
    }));

  it("says so when the series does not exist", () =>
    withSession(async (session) => {
      const page = await session.openWidgets(`<fit-series-card series="no-such-series"></fit-series-card>`);
      await page.locator("fit-series-card").getByText("This series is not available.").waitFor();
      session.assertClean({ allowConsole: /404/ });
    }));
});

describe("<fit-referral>", () => {
  it("offers visitors the free trial in a new tab", () =>
    withSession(async (session) => {
      const page = await session.open("/examples/marketing.html");
      const link = page.locator("fit-referral").getByRole("link", { name: /GET STARTED FOR FREE/ });
      await link.waitFor();
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
      expect(await link.getAttribute("href")).toContain("7-day-trial");
      const box = (await link.boundingBox())!;
      expect(box.x).toBeLessThan(40);
      expect(box.y + box.height).toBeGreaterThan(900 - 40);
      session.assertClean();
    }));

  it("is hidden without functional consent and on excluded pages", () =>
    withSession(async (session) => {
      const page = await session.openWidgets(
        `<fit-referral id="a"></fit-referral><fit-referral id="b" consent page-kind="onboarding"></fit-referral><fit-referral id="c" consent></fit-referral>`,
      );
      await page.locator("#c").getByRole("link").waitFor();
      expect(await page.locator("#a").locator("a, button").count()).toBe(0);
      expect(await page.locator("#b").locator("a, button").count()).toBe(0);
      session.assertClean();
    }));

  it("opens the GIVE $15, GET $15 modal for members: focus inside, Escape closes, max width 548px", () =>
    withSession(async (session) => {
      await signInAs(session, "member@demo.fitkit.dev");
      const page = await session.open("/examples/marketing.html");
      const referral = page.locator("fit-referral");
      const trigger = referral.getByRole("button", { name: "GIVE $15, GET $15" });
      await trigger.click();
      const dialog = referral.getByRole("dialog", { name: "GIVE $15, GET $15" });
      await dialog.waitFor();
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(548);
      const inside = await page.evaluate(() => {
        const root = document.querySelector("fit-referral")!.shadowRoot!;
        return root.querySelector("dialog")!.contains(root.activeElement);
      });
      expect(inside).toBe(true);
      await session.screenshot(page, "referral-member-modal");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      session.assertClean();
    }));
});
