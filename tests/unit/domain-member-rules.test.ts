import { describe, expect, it } from "vitest";
import {
  challengeProgress,
  challengeStanding,
  classPayload,
  deviceClass,
  favouriteToggle,
  filterPayload,
  hiddenCollectionsToggle,
  nextSeriesWorkout,
  onboardingFor,
  referralVisible,
  seriesCompletion,
  shouldRedirectToOnboarding,
  workoutPayload,
  type ChallengeHistoryRow,
  type OnboardingInput,
  type ReferralInput,
} from "../../src/domain/index.js";

const H = 3_600_000;
const now = Date.parse("2026-11-22T12:00:00Z");

describe("onboarding redirect (spec §4, §9)", () => {
  const base: OnboardingInput = {
    signedIn: true,
    entitled: true,
    onDemandCount: 0,
    resultsUrl: "",
    path: "/home",
    redirects: [],
    now,
  };
  it.each<[string, Partial<OnboardingInput>, boolean]>([
    ["an entitled member with nothing done", {}, true],
    ["a visitor", { signedIn: false }, false],
    ["an unentitled member", { entitled: false }, false],
    ["19 on-demand workouts", { onDemandCount: 19 }, true],
    ["20 on-demand workouts", { onDemandCount: 20 }, false],
    ["onboarding results already", { resultsUrl: "https://x/results" }, false],
    ["a null results_url", { resultsUrl: null }, true],
    ["the welcome page", { path: "/welcome" }, false],
    ["a location page", { path: "/locations/chicago" }, false],
    ["the onboarding page", { path: "/onboarding" }, false],
    ["the account page", { path: "/account" }, false],
    ["an account sub-page", { path: "/account/membership/manage" }, false],
    ["one redirect in 24 h", { redirects: [now - H] }, true],
    ["two redirects in 24 h", { redirects: [now - H, now - 2 * H] }, false],
    ["two redirects, one older than 24 h", { redirects: [now - H, now - 25 * H] }, true],
    ["an outage 2 h ago", { outageAt: now - 2 * H }, false],
    ["an outage 3 h ago", { outageAt: now - 3 * H }, true],
    // Issue 32: deep links the member came for are not swallowed by the quiz, and a skip is honoured for a week.
    ["the player (pressed Play just after paying)", { path: "/classes/video/hiit-burn" }, false],
    ["the live schedule opened at a location", { path: "/live?location=chicago" }, false],
    ["the live schedule opened at a class", { path: "/live?class=c1" }, false],
    ["the live schedule without a deep link", { path: "/live" }, true],
    ["the booking popup", { path: "/live/book?class=c1&location=chicago" }, false],
    ["Booked Classes", { path: "/live/booked-classes" }, false],
    ["a skip 6 days ago", { skippedAt: now - 6 * 24 * H }, false],
    ["a skip 8 days ago", { skippedAt: now - 8 * 24 * H }, true],
  ])("%s → %s", (_, over, redirect) => expect(shouldRedirectToOnboarding({ ...base, ...over })).toBe(redirect));

  it("carries the asked-for page to the quiz, so the skip and the results lead back to it", () => {
    expect(onboardingFor("/series/strong-start?x=1")).toBe("/onboarding?next=%2Fseries%2Fstrong-start%3Fx%3D1");
    expect(onboardingFor("/home")).toBe("/onboarding");
    expect(onboardingFor("/")).toBe("/onboarding");
  });
});

describe("referral visibility (spec §2, §6)", () => {
  const base: ReferralInput = {
    enabled: true,
    functionalConsent: true,
    path: "/home",
    signedIn: true,
    entitled: true,
    device: "desktop",
  };
  it.each<[string, Partial<ReferralInput>, boolean]>([
    ["an entitled member on desktop", {}, true],
    ["the display flag off", { enabled: false }, false],
    ["no functional consent", { functionalConsent: false }, false],
    ...["/signup", "/login", "/continue", "/logout", "/locations", "/classes/video/x", "/onboarding", "/welcome"].map(
      (path): [string, Partial<ReferralInput>, boolean] => [`on ${path}`, { path }, false],
    ),
    ["a visitor on desktop", { signedIn: false, entitled: false }, true],
    ["a visitor on a phone", { signedIn: false, entitled: false, device: "mobile" }, false],
    ["an unentitled member on a tablet", { entitled: false, device: "tablet" }, false],
    ["an entitled member on a phone", { device: "mobile" }, true],
    // Issue 32: staff at work and an account just deleted are offered nothing.
    ["the studio staff area", { path: "/studio" }, false],
    ["a studio sub-page", { path: "/studio/numbers?location=chicago" }, false],
    ["the page after deleting the account", { path: "/account-deleted", signedIn: false, entitled: false }, false],
    ["a page merely starting with the word", { path: "/studios-near-me" }, true],
  ])("%s → %s", (_, over, visible) => expect(referralVisible({ ...base, ...over })).toBe(visible));
  it.each([
    [320, "mobile"],
    [599, "mobile"],
    [600, "tablet"],
    [899, "tablet"],
    [900, "desktop"],
  ])("%s px is a %s", (w, d) => expect(deviceClass(w)).toBe(d));
});

describe("challenge completion (spec §5)", () => {
  const challenge = {
    start_time: "2022-09-19T00:00:00Z",
    end_time: "2022-10-23T23:59:59Z",
    workout_target: 3,
    workouts: [
      { workout_id: "c1", workout_type: "on_demand" as const },
      { workout_id: "c2", workout_type: "on_demand" as const },
      { workout_id: "l1", workout_type: "live" as const },
    ],
  };
  const entry = (
    workout_id: string,
    at: string,
    over: Partial<ChallengeHistoryRow> = {},
    minutes = 5,
  ): ChallengeHistoryRow => ({
    workout_id,
    is_completed: true,
    completed_at: at,
    type: "on_demand",
    workout: { duration: minutes },
    ...over,
  });
  it("counts the challenge's workouts and 10+ minute substitutes in the window, each once", () => {
    const p = challengeProgress(challenge, [
      entry("c1", "2022-09-20T10:00:00Z"),
      entry("c1", "2022-09-21T10:00:00Z"),
      entry("other-12", "2022-09-22T10:00:00Z", {}, 12),
      entry("other-5", "2022-09-22T10:00:00Z", {}, 5),
    ]);
    expect(p).toEqual({ done: 2, onDemand: 2, live: 0, target: 3, complete: false });
  });
  it("ignores incomplete workouts and those outside the window", () => {
    const p = challengeProgress(challenge, [
      entry("c1", "2022-09-18T10:00:00Z"),
      entry("c2", "2022-10-24T10:00:00Z"),
      entry("c2", "2022-10-01T10:00:00Z", { is_completed: false }),
    ]);
    expect(p.done).toBe(0);
  });
  it("is complete once done reaches the target, counting live classes apart", () => {
    const p = challengeProgress(challenge, [
      entry("c1", "2022-09-20T10:00:00Z"),
      entry("c2", "2022-09-21T10:00:00Z"),
      entry("l1", "2022-09-22T10:00:00Z", { type: "live", workout: undefined }),
    ]);
    expect(p).toEqual({ done: 3, onDemand: 2, live: 1, target: 3, complete: true });
  });
});

describe("challenge progress as a member reads it", () => {
  it("never reads more than the goal: 15 done of 12 reads 12 of 12, complete, with 3 beyond", () => {
    expect(challengeStanding(15, 12)).toEqual({ counted: 12, target: 12, complete: true, beyond: 3 });
  });
  it("is complete at exactly the goal, with nothing beyond", () => {
    expect(challengeStanding(12, 12)).toEqual({ counted: 12, target: 12, complete: true, beyond: 0 });
  });
  it("reads the real count below the goal, not complete", () => {
    expect(challengeStanding(7, 12)).toEqual({ counted: 7, target: 12, complete: false, beyond: 0 });
    expect(challengeStanding(0, 12)).toEqual({ counted: 0, target: 12, complete: false, beyond: 0 });
  });
});

describe("favourites, hidden collections and series (spec §4)", () => {
  it("removes a favourite that is one, adds one that is not", () => {
    expect(favouriteToggle(["a"], "a")).toEqual({ object: { remove: { workouts: ["a"] } } });
    expect(favouriteToggle(["a"], "b")).toEqual({ object: { add: { workouts: ["b"] } } });
  });
  it("splits hidden-collection ids into remove (already hidden) and add", () => {
    expect(hiddenCollectionsToggle(["x", "y"], ["y", "z"])).toEqual({ add: ["z"], remove: ["y"] });
  });
  it("picks the first not-started workout as the next one and counts completion", () => {
    const e = {
      series_state: {
        workouts: [
          { workout_id: "1", status: "completed" },
          { workout_id: "2", status: "in_progress" },
          { workout_id: "3", status: "not_started" },
        ],
      },
    };
    expect(nextSeriesWorkout(e)).toBe("3");
    expect(seriesCompletion(e)).toEqual({ completed: 1, total: 3 });
    expect(nextSeriesWorkout(null)).toBeUndefined();
  });
});

describe("analytics payloads (spec §3)", () => {
  it("builds the workout payload with its defaults", () => {
    expect(workoutPayload({})).toMatchObject({ length: 0, workout_source: "On Demand", source: "Web App" });
    const w = {
      id: "w1",
      slug: "s",
      name: "Core",
      level: "1",
      duration: 25,
      description: "d",
      category: ["a", "b"],
      equipment: ["Mat"],
      trainers: [{ id: "t", slug: "t", name: "Anna", image_url: "" }],
    };
    expect(workoutPayload(w, { view_source: "search", position: 3, context_page_path: "/classes" })).toEqual({
      workout_name: "Core",
      id: "w1",
      level: "1",
      length: 25,
      description: "d",
      slug: "s",
      workout_category: "a, b",
      workout_source: "On Demand",
      equipment: "Mat",
      trainer_name: "Anna",
      view_source: "search",
      collection_name: "",
      series_name: "",
      position: 3,
      source: "Web App",
      context_page_path: "/classes",
    });
  });
  it("builds the filter payload with empty filters by default", () => {
    expect(filterPayload("all", "newest")).toEqual({ category: "all", filters: {}, sort_type: "newest" });
  });
  it("builds the class payload with the user's time zone", () => {
    expect(
      classPayload(
        {
          id: "c",
          description: "Sculpt",
          trainer_name: "Bo",
          duration: 45,
          start_date: "2026-11-22T10:00:00Z",
          equipment: ["Mat"],
        },
        "America/Chicago",
      ),
    ).toEqual({
      class_ID: "c",
      class_name: "Sculpt",
      instructor: "Bo",
      duration: 45,
      class_date_and_time: "2026-11-22T10:00:00Z",
      user_timezone: "America/Chicago",
      equipment: "Mat",
    });
  });
});
