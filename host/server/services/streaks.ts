import { sql } from "kysely";
import { validZone } from "./zoned-time.js";
import { computeStreaks } from "../../../src/domain/streaks.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { readPreferences } from "./member-settings.js";
import { type Answer, exactObject } from "../schemas.js";

const count = { type: "integer", minimum: 0 } as const;
const localDate = { type: "string", description: "a local calendar date, YYYY-MM-DD" } as const;

/** The streaks answer (GET /stats/v2/streaks): the domain's result in the contract's snake_case. */
export const streaksSchema = exactObject({
  time_zone: { type: "string" },
  today: localDate,
  today_status: { type: "string", enum: ["done", "rest", "open"] },
  daily: exactObject({ current: count, longest: count, current_since: { type: ["string", "null"] } }),
  weekly: exactObject({ current: count, longest: count }),
  milestones: exactObject({
    reached: {
      type: "array",
      items: exactObject({ days: count, reached_on: localDate }),
    },
    next: exactObject({ days: count, remaining: count }),
  }),
});
export type StreaksAnswer = Answer<typeof streaksSchema>;

/**
 * The zone to count days in: the one the client asked for (already validated), else the `time_zone` the member
 * saved in their preferences, else UTC. A saved zone Intl no longer knows is passed over rather than refused: the
 * member cannot see why their stats would fail.
 */
async function zoneFor(db: Db, userId: string, asked: string | undefined): Promise<string> {
  if (asked) return asked;
  const saved = (await readPreferences(db, userId)).time_zone;
  return validZone(saved) ? saved : "UTC";
}

/**
 * The member's streaks. The records are the ones `completionsOf` counts (completed sessions, checked-in
 * reservations), read here by when they started: a workout begun at 23:50 counts for that day, and a live class for
 * the day it was held. Rest days come from the calendars the member is enrolled in, counted as the calendar page
 * counts them (a rest day, or a day with no class to do).
 */
export async function memberStreaks(
  db: Db,
  clock: Clock,
  userId: string,
  asked: string | undefined,
): Promise<StreaksAnswer> {
  const [timeZone, workouts, liveClasses, calendars] = await Promise.all([
    zoneFor(db, userId, asked),
    db
      .selectFrom("workout_sessions")
      .select("started_at")
      .where("user_id", "=", userId)
      .where("is_complete", "=", true)
      .execute(),
    db
      .selectFrom("reservations as r")
      .innerJoin("live_classes as c", "c.id", "r.class_id")
      .select("c.start_at")
      .where("r.user_id", "=", userId)
      .where("r.status", "=", "check in")
      .execute(),
    db
      .selectFrom("calendar_enrollments as e")
      .select((eb) => [
        "e.enrolled_at",
        eb
          .selectFrom("workout_calendar_days as d")
          .select(sql<number[]>`coalesce(array_agg(d.day order by d.day), '{}')`.as("days"))
          .whereRef("d.calendar_id", "=", "e.calendar_id")
          .where((w) => w.or([w("d.kind", "=", "rest"), w("d.workout_id", "is", null)]))
          .as("rest_days"),
      ])
      .where("e.user_id", "=", userId)
      .execute(),
  ]);
  const streaks = computeStreaks({
    workouts: workouts.map((w) => new Date(w.started_at)),
    liveClasses: liveClasses.map((c) => new Date(c.start_at)),
    calendars: calendars.map((c) => ({
      enrolledAt: new Date(c.enrolled_at),
      restDays: (c.rest_days ?? []).map(Number),
    })),
    timeZone,
    now: clock.now(),
  });
  return {
    time_zone: streaks.timeZone,
    today: streaks.today,
    today_status: streaks.todayStatus,
    daily: {
      current: streaks.daily.current,
      longest: streaks.daily.longest,
      current_since: streaks.daily.currentSince,
    },
    weekly: streaks.weekly,
    milestones: {
      reached: streaks.milestones.reached.map((m) => ({ days: m.days, reached_on: m.reachedOn })),
      next: streaks.milestones.next,
    },
  };
}
