import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { conflict, notFound } from "../errors.js";
import { planSchedule, pausedDays, toPlanPause } from "./plan-days.js";
import { type Answer, exactObject, strictObject } from "../schemas.js";

/** Whether the member paused their plan, and since when (null when running or not enrolled). */
const pauseState = {
  paused: { type: "boolean" },
  paused_at: { type: ["string", "null"] },
} as const;
/** Enrolment answer: `{calendar_id, status, enrolled_at, paused, paused_at}`. */
export const calendarEnrollmentSchema = strictObject(
  {
    calendar_id: { type: "string" },
    status: { type: "string", enum: ["enrolled", "not_enrolled"] },
    enrolled_at: { type: ["string", "null"] },
    ...pauseState,
  },
  ["calendar_id", "status", "enrolled_at", "paused", "paused_at"],
);
export type CalendarEnrollment = Answer<typeof calendarEnrollmentSchema>;

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
/** A calendar with the member's status in it. */
const calendarStatusFields = {
  calendar_id: string,
  id: string,
  slug: string,
  name: string,
  description: string,
  image_url: string,
  total_days: integer,
  status: { type: "string", enum: ["enrolled", "not_enrolled"] },
  enrolled_at: { type: ["string", "null"] },
  ...pauseState,
} as const;
const calendarStatusRequired = Object.keys(calendarStatusFields) as (keyof typeof calendarStatusFields)[];
export const calendarStatusSchema = strictObject(calendarStatusFields, calendarStatusRequired);
export type CalendarSummary = Answer<typeof calendarStatusSchema>;

/** An enrolled calendar with today's day number, the days finished pauses moved it, and each day's state. */
export const myCalendarSchema = strictObject(
  {
    ...calendarStatusFields,
    status: { type: "string", const: "enrolled" },
    // Today's day does not advance while the calendar is paused; paused_days are the finished pauses' whole days.
    current_day: integer,
    paused_days: integer,
    progress: exactObject({ completed_days: integer, total_days: integer }),
    days: {
      type: "array",
      items: exactObject({
        day: integer,
        // The member's zone's date of this day: the enrolment date is day 1, and pauses move later days.
        date: { type: "string", description: "YYYY-MM-DD" },
        kind: { type: "string", enum: ["workout", "walk", "rest"] },
        workout_id: { type: ["string", "null"] },
        status: { type: "string", enum: ["rest", "completed", "not_started"] },
      }),
    },
  },
  [...calendarStatusRequired, "current_day", "paused_days", "progress", "days"],
);
export type MyCalendar = Answer<typeof myCalendarSchema>;
type CalendarDayState = MyCalendar["days"][number];

/** A calendar a member can see: a draft is no member's (404), a retired one still opens for those enrolled in it. */
async function findCalendar(db: Db, idOrSlug: string) {
  const calendar = await db
    .selectFrom("workout_calendars")
    .select(["id", "slug", "name", "description", "image_url", "status"])
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .where("status", "<>", "draft")
    .executeTakeFirst();
  if (!calendar) throw notFound(`Calendar ${idOrSlug} not found`);
  return calendar;
}

/** Every calendar with the member's status in it (GET /tsapi/workout_calendars). */
export async function calendarsWithStatus(
  db: Db,
  userId: string,
  onlyEnrolled = false,
  calendarId?: string,
): Promise<CalendarSummary[]> {
  let query = db
    .selectFrom("workout_calendars as c")
    .leftJoin("calendar_enrollments as e", (j) => j.onRef("e.calendar_id", "=", "c.id").on("e.user_id", "=", userId))
    .leftJoin("calendar_pauses as p", (j) =>
      j.onRef("p.calendar_id", "=", "c.id").on("p.user_id", "=", userId).on("p.resumed_at", "is", null),
    )
    .select((eb) => [
      "c.id",
      "c.slug",
      "c.name",
      "c.description",
      "c.image_url",
      "e.enrolled_at",
      "p.paused_at",
      eb
        .selectFrom("workout_calendar_days as d")
        .select((d) => d.fn.countAll<number>().as("n"))
        .whereRef("d.calendar_id", "=", "c.id")
        .as("total_days"),
    ])
    .orderBy("c.name")
    .orderBy("c.id");
  // Published calendars, and a retired one only for the members enrolled in it (drafts: nobody's).
  query = query.where((eb) =>
    eb.or([
      eb("c.status", "=", "published"),
      eb.and([eb("c.status", "=", "retired"), eb("e.user_id", "is not", null)]),
    ]),
  );
  if (onlyEnrolled) query = query.where("e.user_id", "is not", null);
  if (calendarId) query = query.where("c.id", "=", calendarId);
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
    // A pause row only exists under an enrolment (its foreign key), so an unenrolled calendar is never paused.
    paused: !!r.paused_at,
    paused_at: r.paused_at ? new Date(r.paused_at).toISOString() : null,
  }));
}

/** Enrols in a calendar; enrolling again keeps the first enrolment date (and so the day count, and any pause). */
export async function enrollInCalendar(
  db: Db,
  clock: Clock,
  userId: string,
  idOrSlug: string,
): Promise<CalendarEnrollment> {
  const calendar = await findCalendar(db, idOrSlug);
  if (calendar.status === "retired") {
    const [mine] = await calendarsWithStatus(db, userId, true, calendar.id);
    if (mine) return { calendar_id: calendar.id, status: "enrolled", ...pick(mine) };
    throw conflict(`${calendar.name} is closed to new members.`);
  }
  await db
    .insertInto("calendar_enrollments")
    .values({ user_id: userId, calendar_id: calendar.id, enrolled_at: clock.now() })
    .onConflict((oc) => oc.columns(["user_id", "calendar_id"]).doNothing())
    .execute();
  // A concurrent unenrol may have removed it already; answer what is true now.
  const [row] = await calendarsWithStatus(db, userId, true, calendar.id);
  return row
    ? {
        calendar_id: calendar.id,
        status: "enrolled",
        enrolled_at: row.enrolled_at,
        paused: row.paused,
        paused_at: row.paused_at,
      }
    : notEnrolled(calendar.id);
}

const pick = (c: CalendarSummary) => ({ enrolled_at: c.enrolled_at, paused: c.paused, paused_at: c.paused_at });

const notEnrolled = (calendarId: string): CalendarEnrollment => ({
  calendar_id: calendarId,
  status: "not_enrolled",
  enrolled_at: null,
  paused: false,
  paused_at: null,
});

/** Leaves a calendar (a no-op when not enrolled); its pauses go with the enrolment. */
export async function unenrollFromCalendar(db: Db, userId: string, idOrSlug: string): Promise<CalendarEnrollment> {
  const calendar = await findCalendar(db, idOrSlug);
  await db
    .deleteFrom("calendar_enrollments")
    .where("user_id", "=", userId)
    .where("calendar_id", "=", calendar.id)
    .execute();
  return notEnrolled(calendar.id);
}

/**
 * What dating and ticking off a member's plans reads: the days of the given calendars (with each day's workout), the
 * member's pauses of them, and the workouts they completed since `since` (the earliest enrolment). The calendar page
 * (myCalendars) and the calendar feed both read through here, so they date and tick the same days.
 */
export async function planRows(db: Db, userId: string, calendarIds: string[], since: Date) {
  const [days, pauses, sessions] = await Promise.all([
    db
      .selectFrom("workout_calendar_days as d")
      .leftJoin("workouts as w", "w.id", "d.workout_id")
      .select(["d.calendar_id", "d.day", "d.kind", "d.workout_id", "w.name", "w.slug", "w.duration"])
      .where("d.calendar_id", "in", calendarIds)
      .orderBy("d.calendar_id")
      .orderBy("d.day")
      .execute(),
    db
      .selectFrom("calendar_pauses")
      .select(["calendar_id", "paused_at", "time_zone", "from_day", "resumed_at", "days"])
      .where("user_id", "=", userId)
      .where("calendar_id", "in", calendarIds)
      .orderBy("paused_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("workout_sessions")
      .select(["workout_id", "completed_at"])
      .where("user_id", "=", userId)
      .where("is_complete", "=", true)
      .where("completed_at", ">=", since)
      .orderBy("completed_at")
      .execute(),
  ]);
  return { days, pauses: pauses.map((p) => ({ ...toPlanPause(p), calendarId: p.calendar_id })), sessions };
}

/**
 * The member's calendars with today's day number and each day's state, dated in `timeZone` (a workout day is done
 * once its workout is completed since enrolling, from the calendar or anywhere else in the app, paused or not).
 */
export async function myCalendars(
  db: Db,
  clock: Clock,
  userId: string,
  timeZone = "UTC",
  calendarId?: string,
): Promise<MyCalendar[]> {
  const enrolled = await calendarsWithStatus(db, userId, true, calendarId);
  if (!enrolled.length) return [];
  const { days, pauses, sessions } = await planRows(
    db,
    userId,
    enrolled.map((c) => c.id),
    new Date(Math.min(...enrolled.map((c) => Date.parse(c.enrolled_at!)))),
  );
  const now = clock.now();

  return enrolled.map((c) => {
    const since = Date.parse(c.enrolled_at!); // enrolled: the list above holds enrolments only
    const schedule = planSchedule(
      new Date(since),
      pauses.filter((p) => p.calendarId === c.id),
      now,
      timeZone,
    );
    const doneWorkouts = new Set(
      sessions.filter((s) => new Date(s.completed_at!).getTime() >= since).map((s) => s.workout_id),
    );
    const own: CalendarDayState[] = days
      .filter((d) => d.calendar_id === c.id)
      .map((d) => ({
        day: d.day,
        date: schedule.dateOf(d.day),
        kind: d.kind,
        workout_id: d.workout_id,
        status:
          d.kind === "rest" || !d.workout_id ? "rest" : doneWorkouts.has(d.workout_id) ? "completed" : "not_started",
      }));
    return {
      ...c,
      status: "enrolled" as const,
      current_day: schedule.currentDay,
      paused_days: schedule.pausedDays,
      progress: { completed_days: own.filter((d) => d.status === "completed").length, total_days: own.length },
      days: own,
    };
  });
}

/**
 * Pauses the member's calendar: today's day stops advancing until they resume. The enrolment row is locked for the
 * read-decide-write, so a pause racing a pause or a resume of the same calendar is decided one at a time (and the
 * open-pause unique index backs that up).
 */
export async function pauseCalendar(
  db: Db,
  clock: Clock,
  userId: string,
  idOrSlug: string,
  timeZone: string,
): Promise<MyCalendar> {
  const calendar = await findCalendar(db, idOrSlug);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const enrolment = await lockedEnrolment(trx, userId, calendar);
    const pauses = await trx
      .selectFrom("calendar_pauses")
      .select(["paused_at", "time_zone", "from_day", "resumed_at", "days"])
      .where("user_id", "=", userId)
      .where("calendar_id", "=", calendar.id)
      .orderBy("paused_at")
      .orderBy("id")
      .execute();
    if (pauses.some((p) => !p.resumed_at)) throw conflict(`${calendar.name} is already paused`);
    const total = await trx
      .selectFrom("workout_calendar_days")
      .select((eb) => eb.fn.max("day").as("last"))
      .where("calendar_id", "=", calendar.id)
      .executeTakeFirst();
    const today = planSchedule(new Date(enrolment.enrolled_at), pauses.map(toPlanPause), now, timeZone).currentDay;
    if (today > Number(total?.last ?? 0)) throw conflict(`${calendar.name} is already over: there is nothing to pause`);
    await trx
      .insertInto("calendar_pauses")
      .values({
        user_id: userId,
        calendar_id: calendar.id,
        paused_at: now,
        time_zone: timeZone,
        from_day: Math.max(1, today),
      })
      .execute();
  });
  return myCalendarOrThrow(db, clock, userId, calendar, timeZone);
}

/**
 * Resumes the member's paused calendar: the paused day and every later one move by the whole dates the pause lasted,
 * counted in the zone it started in, and recorded on the pause.
 */
export async function resumeCalendar(
  db: Db,
  clock: Clock,
  userId: string,
  idOrSlug: string,
  timeZone: string,
): Promise<MyCalendar> {
  const calendar = await findCalendar(db, idOrSlug);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await lockedEnrolment(trx, userId, calendar);
    const open = await trx
      .selectFrom("calendar_pauses")
      .select(["id", "paused_at", "time_zone"])
      .where("user_id", "=", userId)
      .where("calendar_id", "=", calendar.id)
      .where("resumed_at", "is", null)
      .executeTakeFirst();
    if (!open) throw conflict(`${calendar.name} is not paused`);
    await trx
      .updateTable("calendar_pauses")
      .set({
        resumed_at: now,
        days: pausedDays({ pausedAt: new Date(open.paused_at), timeZone: open.time_zone }, now),
      })
      .where("id", "=", open.id)
      .execute();
  });
  return myCalendarOrThrow(db, clock, userId, calendar, timeZone);
}

async function lockedEnrolment(trx: Db, userId: string, calendar: { id: string; name: string }) {
  const enrolment = await trx
    .selectFrom("calendar_enrollments")
    .select("enrolled_at")
    .where("user_id", "=", userId)
    .where("calendar_id", "=", calendar.id)
    .forUpdate()
    .executeTakeFirst();
  // Another member's enrolment is not the caller's: the same 404 as none at all.
  if (!enrolment) throw notFound(`You are not enrolled in ${calendar.name}`);
  return enrolment;
}

async function myCalendarOrThrow(
  db: Db,
  clock: Clock,
  userId: string,
  calendar: { id: string; name: string },
  timeZone: string,
): Promise<MyCalendar> {
  const [mine] = await myCalendars(db, clock, userId, timeZone, calendar.id);
  // An unenrol committing right after the write: answer as for any calendar the member is not in.
  if (!mine) throw notFound(`You are not enrolled in ${calendar.name}`);
  return mine;
}
