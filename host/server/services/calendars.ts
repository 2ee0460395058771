import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { notFound } from "../errors.js";

const DAY_MS = 86_400_000;

export interface CalendarSummary {
  calendar_id: string;
  id: string;
  slug: string;
  name: string;
  description: string;
  image_url: string;
  total_days: number;
  status: "enrolled" | "not_enrolled";
  enrolled_at: string | null;
}

interface CalendarDayState {
  day: number;
  /** The calendar date of this day, counting the enrolment date as day 1 (UTC). */
  date: string;
  kind: "workout" | "walk" | "rest";
  workout_id: string | null;
  status: "completed" | "not_started" | "rest";
}

export interface MyCalendar extends CalendarSummary {
  status: "enrolled";
  current_day: number;
  progress: { completed_days: number; total_days: number };
  days: CalendarDayState[];
}

async function findCalendar(db: Db, idOrSlug: string) {
  const calendar = await db
    .selectFrom("workout_calendars")
    .select(["id", "slug", "name", "description", "image_url"])
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .executeTakeFirst();
  if (!calendar) throw notFound(`Calendar ${idOrSlug} not found`);
  return calendar;
}

/** Every calendar with the member's status in it (GET /tsapi/workout_calendars). */
export async function calendarsWithStatus(db: Db, userId: string, onlyEnrolled = false): Promise<CalendarSummary[]> {
  let query = db
    .selectFrom("workout_calendars as c")
    .leftJoin("calendar_enrollments as e", (j) => j.onRef("e.calendar_id", "=", "c.id").on("e.user_id", "=", userId))
    .select((eb) => [
      "c.id",
      "c.slug",
      "c.name",
      "c.description",
      "c.image_url",
      "e.enrolled_at",
      eb
        .selectFrom("workout_calendar_days as d")
        .select((d) => d.fn.countAll<number>().as("n"))
        .whereRef("d.calendar_id", "=", "c.id")
        .as("total_days"),
    ])
    .orderBy("c.name")
    .orderBy("c.id");
  if (onlyEnrolled) query = query.where("e.user_id", "is not", null);
  const rows = await query.execute();
  return rows.map((r) => ({
    calendar_id: r.id,
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    image_url: r.image_url,
    total_days: Number(r.total_days ?? 0),
    status: r.enrolled_at ? "enrolled" : "not_enrolled",
    enrolled_at: r.enrolled_at ? new Date(r.enrolled_at).toISOString() : null,
  }));
}

/** Enrolment answer: `{calendar_id, status, enrolled_at}`. */
export interface CalendarEnrollment {
  calendar_id: string;
  status: "enrolled" | "not_enrolled";
  enrolled_at: string | null;
}

/** Enrols in a calendar; enrolling again keeps the first enrolment date (and so the day count). */
export async function enrollInCalendar(
  db: Db,
  clock: Clock,
  userId: string,
  idOrSlug: string,
): Promise<CalendarEnrollment> {
  const calendar = await findCalendar(db, idOrSlug);
  await db
    .insertInto("calendar_enrollments")
    .values({ user_id: userId, calendar_id: calendar.id, enrolled_at: clock.now() })
    .onConflict((oc) => oc.columns(["user_id", "calendar_id"]).doNothing())
    .execute();
  const row = await db
    .selectFrom("calendar_enrollments")
    .select("enrolled_at")
    .where("user_id", "=", userId)
    .where("calendar_id", "=", calendar.id)
    .executeTakeFirst();
  // A concurrent unenrol may have removed it already; answer what is true now.
  return {
    calendar_id: calendar.id,
    status: row ? "enrolled" : "not_enrolled",
    enrolled_at: row ? new Date(row.enrolled_at).toISOString() : null,
  };
}

export async function unenrollFromCalendar(db: Db, userId: string, idOrSlug: string): Promise<CalendarEnrollment> {
  const calendar = await findCalendar(db, idOrSlug);
  await db
    .deleteFrom("calendar_enrollments")
    .where("user_id", "=", userId)
    .where("calendar_id", "=", calendar.id)
    .execute();
  return { calendar_id: calendar.id, status: "not_enrolled", enrolled_at: null };
}

/**
 * The member's calendars with today's day number and each day's state (a workout day is done once its workout is
 * completed since enrolling).
 */
export async function myCalendars(db: Db, clock: Clock, userId: string): Promise<MyCalendar[]> {
  const enrolled = await calendarsWithStatus(db, userId, true);
  if (!enrolled.length) return [];
  const days = await db
    .selectFrom("workout_calendar_days")
    .select(["calendar_id", "day", "kind", "workout_id"])
    .where(
      "calendar_id",
      "in",
      enrolled.map((c) => c.id),
    )
    .orderBy("calendar_id")
    .orderBy("day")
    .execute();
  const sessions = await db
    .selectFrom("workout_sessions")
    .select(["workout_id", "completed_at"])
    .where("user_id", "=", userId)
    .where("is_complete", "=", true)
    .where("completed_at", ">=", new Date(Math.min(...enrolled.map((c) => Date.parse(c.enrolled_at!)))))
    .execute();
  const today = Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate());

  return enrolled.map((c) => {
    const since = Date.parse(c.enrolled_at!);
    const start = since - (since % DAY_MS);
    const doneWorkouts = new Set(
      sessions.filter((s) => new Date(s.completed_at!).getTime() >= since).map((s) => s.workout_id),
    );
    const own: CalendarDayState[] = days
      .filter((d) => d.calendar_id === c.id)
      .map((d) => ({
        day: d.day,
        date: new Date(start + (d.day - 1) * DAY_MS).toISOString().slice(0, 10),
        kind: d.kind,
        workout_id: d.workout_id,
        status:
          d.kind === "rest" || !d.workout_id ? "rest" : doneWorkouts.has(d.workout_id) ? "completed" : "not_started",
      }));
    return {
      ...c,
      status: "enrolled" as const,
      current_day: Math.floor((today - start) / DAY_MS) + 1,
      progress: { completed_days: own.filter((d) => d.status === "completed").length, total_days: own.length },
      days: own,
    };
  });
}
