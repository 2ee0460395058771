import { randomBytes } from "node:crypto";
import type { TestApp } from "./harness.js";
import { inBatches, watchEvents } from "./watch-events.js";

/** Workouts of known lengths (minutes, video seconds), a series in two chapters, a calendar and collections. */
export interface ActivityFixture {
  workouts: { long: string; medium: string; short: string; quarter: string; live: string; walk: string };
  collections: [string, string];
  series: { id: string; slug: string; items: string[] };
  calendar: { id: string; slug: string };
}

/** Inserts catalogue rows of its own (unique ids per call), so activity tests do not depend on the demo catalogue. */
export async function activityFixture(t: TestApp): Promise<ActivityFixture> {
  const p = `fx-${randomBytes(3).toString("hex")}`;
  const w = (name: string) => `${p}-${name}`;
  const workouts = {
    long: w("long"),
    medium: w("medium"),
    short: w("short"),
    quarter: w("quarter"),
    live: w("live"),
    walk: w("walk"),
  };
  const start = new Date("2022-01-01T00:00:00Z");
  await t.db
    .insertInto("workouts")
    .values([
      {
        id: workouts.long,
        slug: workouts.long,
        name: "Long Sculpt",
        duration: 30,
        video_duration: 1800,
        start_date: start,
      },
      {
        id: workouts.medium,
        slug: workouts.medium,
        name: "Medium Burn",
        duration: 20,
        video_duration: 1200,
        start_date: start,
      },
      {
        id: workouts.short,
        slug: workouts.short,
        name: "Short Core",
        duration: 8,
        video_duration: 480,
        start_date: start,
      },
      {
        id: workouts.quarter,
        slug: workouts.quarter,
        name: "Quarter Hour",
        duration: 15,
        video_duration: 900,
        start_date: start,
      },
      {
        id: workouts.live,
        slug: workouts.live,
        name: "Live Recording",
        duration: 45,
        video_duration: 2700,
        live: true,
        start_date: start,
      },
      {
        id: workouts.walk,
        slug: workouts.walk,
        name: "Walk",
        type: "walk",
        duration: 25,
        video_duration: 1500,
        start_date: start,
      },
    ])
    .execute();
  const collections: [string, string] = [w("col-a"), w("col-b")];
  await t.db
    .insertInto("collections")
    .values(collections.map((id) => ({ id, slug: id, name: id })))
    .execute();
  const series = {
    id: w("series"),
    slug: `${w("series")}-slug`,
    items: [workouts.long, workouts.medium, workouts.short],
  };
  await t.db
    .insertInto("series")
    .values({ id: series.id, slug: series.slug, name: "Fixture Series", level: "Beginner" })
    .execute();
  await t.db
    .insertInto("series_items")
    .values([
      { series_id: series.id, workout_id: workouts.long, position: 1, chapter: 1, chapter_title: "Foundations" },
      { series_id: series.id, workout_id: workouts.medium, position: 2, chapter: 1, chapter_title: "Foundations" },
      { series_id: series.id, workout_id: workouts.short, position: 3, chapter: 2, chapter_title: "Build" },
    ])
    .execute();
  const calendar = { id: w("cal"), slug: `${w("cal")}-slug` };
  await t.db
    .insertInto("workout_calendars")
    .values({ id: calendar.id, slug: calendar.slug, name: "Fixture Calendar" })
    .execute();
  await t.db
    .insertInto("workout_calendar_days")
    .values([
      { calendar_id: calendar.id, day: 1, kind: "workout", workout_id: workouts.long },
      { calendar_id: calendar.id, day: 2, kind: "rest", workout_id: null },
      { calendar_id: calendar.id, day: 3, kind: "walk", workout_id: workouts.walk },
    ])
    .execute();
  return { workouts, collections, series, calendar };
}

/**
 * Plays a workout through the API: starts a session, watches from where it resumes up to `seconds` into the video
 * (the player's progress events, ending at the server clock's now) and ends there; answers the end_session body.
 */
export async function playWorkout(t: TestApp, token: string, workoutId: string, seconds: number) {
  const start = await t.call("GET", `/v2/workouts/start_session/${workoutId}`, { token });
  if (start.statusCode !== 200) throw new Error(`start_session failed: ${start.statusCode} ${start.body}`);
  const { session_id, timecode } = start.json<{ session_id: string; timecode: number }>();
  await sendWatch(t, token, watchEvents(workoutId, session_id, timecode, seconds, t.clock.now().getTime()));
  const end = await t.call("POST", `/v2/workouts/end_session/${workoutId}`, {
    token,
    body: { session_id, workout_completed_positions: seconds },
  });
  if (end.statusCode !== 200) throw new Error(`end_session failed: ${end.statusCode} ${end.body}`);
  return end.json<{ session_id: string; status: string; is_complete: boolean }>();
}

/** Posts player events as the web player does. */
export async function sendWatch(t: TestApp, token: string, events: unknown[]) {
  for (const batch of inBatches(events)) {
    const res = await t.call("POST", "/v2/workouts/video_events", { token, body: { events: batch } });
    if (res.statusCode !== 200) throw new Error(`video_events failed: ${res.statusCode} ${res.body}`);
  }
}

/**
 * A live class of `minutes` starting at `at` and the member's reservation on it (checked in = an attended live
 * workout).
 */
export async function attendLiveClass(
  t: TestApp,
  userId: string,
  at: Date,
  minutes: number,
  status: "check in" | "pending" | "standard cancel" = "check in",
) {
  const id = `fx-class-${randomBytes(4).toString("hex")}`;
  await t.db
    .insertInto("live_classes")
    .values({
      id,
      location_id: "live",
      class_type: "Live Sculpt",
      start_at: at,
      end_at: new Date(at.getTime() + minutes * 60_000),
      duration: minutes,
      capacity: 20,
      booked: status === "standard cancel" ? 0 : 1,
    })
    .execute();
  await t.db
    .insertInto("reservations")
    .values({
      user_id: userId,
      class_id: id,
      status,
      created_at: new Date(at.getTime() - 86_400_000),
      checked_in_at: status === "check in" ? at : null,
      cancelled_at: status === "standard cancel" ? at : null,
    })
    .execute();
  return id;
}
