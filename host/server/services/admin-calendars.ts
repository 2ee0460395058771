import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, conflict, notFound, oneOrList } from "../errors.js";
import { recordAudit } from "./audit.js";
import { CONTENT_STATUSES, nextStatus, type ContentVerb } from "./content-states.js";
import type { Actor } from "./operator-access.js";
import {
  type Answer,
  exactObject,
  imageUrlSchema,
  longTextSchema,
  readableText,
  slugSchema,
  strictObject,
} from "../schemas.js";

/** One day of a calendar: a workout day names its workout; a rest or walk day may point at a short class. */
export interface CalendarDay {
  kind: "workout" | "walk" | "rest";
  workout_id: string | null;
}

/** What a member reads about a calendar, its days in order (the first is day 1, the day after enrolling). */
export interface CalendarFields {
  name: string;
  slug: string;
  description: string;
  image_url: string;
  days: CalendarDay[];
}

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const status = { type: "string", enum: CONTENT_STATUSES } as const;
const kind = { type: "string", enum: ["workout", "walk", "rest"] } as const;
const workoutId = { type: ["string", "null"], minLength: 1, maxLength: 128 } as const;

/** The fields an editor sends (the body of create and replace), as the console answers them too. */
export const calendarFieldSchemas = {
  name: readableText(200, 1),
  slug: slugSchema,
  description: longTextSchema,
  image_url: imageUrlSchema,
  days: {
    type: "array",
    maxItems: 366,
    items: exactObject({
      kind,
      workout_id: { ...workoutId, description: "A workout day's workout; a rest or walk day's short class" },
    }),
    description: "The days in order: the first is day 1, the day after a member enrols",
  },
} as const;
export const calendarFieldNames = ["name", "slug", "description", "image_url", "days"] as const;
/** A calendar as the console shows it: its days numbered with their workouts' names, its state and enrolments. */
export const adminCalendarSchema = strictObject(
  {
    ...calendarFieldSchemas,
    name: string,
    days: {
      type: "array",
      items: exactObject({
        day: integer,
        kind,
        workout_id: { type: ["string", "null"] },
        name: { type: ["string", "null"] },
      }),
    },
    id: string,
    status,
    enrolled: { ...integer, description: "Members enrolled in it now" },
    updated_at: string,
  },
  [...calendarFieldNames, "id", "status", "enrolled", "updated_at"],
);
export type AdminCalendar = Answer<typeof adminCalendarSchema>;

/** A calendar in the console's list. */
export const adminCalendarSummarySchema = exactObject({
  id: string,
  slug: string,
  name: string,
  status,
  total_days: integer,
  enrolled: integer,
  updated_at: string,
});
export type AdminCalendarSummary = Answer<typeof adminCalendarSummarySchema>;

/**
 * Workout calendars as editors run them: created as drafts, edited with their days in an explicit order, published
 * (listed to members, open to enrol), retired (out of the lists and closed to new members; those enrolled keep their
 * calendar, its page and their progress). Nothing is deleted; every write is audited in its transaction. Members'
 * answers read the tables on every request, so every process serves the result at once.
 */
export class AdminCalendarsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<AdminCalendarSummary[]> {
    const rows = await this.db
      .selectFrom("workout_calendars as c")
      .select(["c.id", "c.slug", "c.name", "c.status", "c.updated_at"])
      .select((eb) => [
        eb
          .selectFrom("workout_calendar_days as d")
          .select((e) => e.fn.countAll<string>().as("n"))
          .whereRef("d.calendar_id", "=", "c.id")
          .as("total_days"),
        eb
          .selectFrom("calendar_enrollments as e")
          .select((e) => e.fn.countAll<string>().as("n"))
          .whereRef("e.calendar_id", "=", "c.id")
          .as("enrolled"),
      ])
      .orderBy("c.name")
      .orderBy("c.id")
      .execute();
    return rows.map((c) => ({
      ...c,
      total_days: Number(c.total_days ?? 0),
      enrolled: Number(c.enrolled ?? 0),
      updated_at: c.updated_at.toISOString(),
    }));
  }

  async get(id: string, db: Db = this.db): Promise<AdminCalendar> {
    const c = await db.selectFrom("workout_calendars").selectAll().where("id", "=", id).executeTakeFirst();
    if (!c) throw notFound("Calendar not found");
    const days = await db
      .selectFrom("workout_calendar_days as d")
      .leftJoin("workouts as w", "w.id", "d.workout_id")
      .select(["d.day", "d.kind", "d.workout_id", "w.name"])
      .where("d.calendar_id", "=", id)
      .orderBy("d.day")
      .execute();
    const enrolled = await db
      .selectFrom("calendar_enrollments")
      .select((e) => e.fn.countAll<string>().as("n"))
      .where("calendar_id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: c.description,
      image_url: c.image_url,
      days,
      status: c.status,
      enrolled: Number(enrolled.n),
      updated_at: c.updated_at.toISOString(),
    };
  }

  /** A new draft: listed to no member until published. */
  async create(actor: Actor, fields: CalendarFields): Promise<AdminCalendar> {
    const now = this.clock.now();
    return this.#uniquely(async (trx) => {
      await checkDays(trx, fields.days);
      const taken = await trx
        .selectFrom("workout_calendars")
        .select("id")
        .where((eb) => eb.or([eb("id", "=", fields.slug), eb("slug", "=", fields.slug)]))
        .executeTakeFirst();
      if (taken) throw conflict(`Another calendar already uses the slug "${fields.slug}".`);
      const id = fields.slug;
      await trx
        .insertInto("workout_calendars")
        .values({ id, ...columns(fields), status: "draft", created_at: now, updated_at: now })
        .execute();
      await writeDays(trx, id, fields.days);
      return this.#audited(trx, actor, "calendar.create", null, id);
    });
  }

  /**
   * Replaces the calendar's fields and its days in their new order (its state stays). Members enrolled in it follow
   * the new days from their own day count: a day they completed stays completed when its workout is still that day's.
   */
  async update(actor: Actor, id: string, fields: CalendarFields): Promise<AdminCalendar> {
    const now = this.clock.now();
    return this.#uniquely(async (trx) => {
      const before = await this.#lock(trx, id);
      await checkDays(trx, fields.days);
      if (fields.slug !== before.slug) {
        const taken = await trx
          .selectFrom("workout_calendars")
          .select("id")
          .where("slug", "=", fields.slug)
          .where("id", "<>", id)
          .executeTakeFirst();
        if (taken) throw conflict(`Another calendar already uses the slug "${fields.slug}".`);
      }
      if (before.status !== "draft" && !fields.days.length)
        throw badRequest("A published or retired calendar keeps at least one day: its members follow it.");
      await trx
        .updateTable("workout_calendars")
        .set({ ...columns(fields), updated_at: now })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("workout_calendar_days").where("calendar_id", "=", id).execute();
      await writeDays(trx, id, fields.days);
      return this.#audited(trx, actor, "calendar.update", before, id);
    });
  }

  /** publish: listed and open to enrol; retire: out of the lists, closed to new members (those enrolled keep it). */
  async change(actor: Actor, id: string, verb: ContentVerb): Promise<AdminCalendar> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      const status = nextStatus("calendar", before.status, verb);
      if (status === before.status) return before;
      if (status === "published" && !before.days.length)
        throw badRequest("A calendar without days cannot be published: add its days first.");
      await trx.updateTable("workout_calendars").set({ status, updated_at: now }).where("id", "=", id).execute();
      return this.#audited(trx, actor, `calendar.${verb}`, before, id);
    });
  }

  /** A slug taken by a concurrent write between the check and the insert is the same 409 (its unique constraint). */
  async #uniquely(write: (trx: Db) => Promise<AdminCalendar>): Promise<AdminCalendar> {
    try {
      return await this.db.transaction().execute(write);
    } catch (e) {
      if ((e as { code?: string }).code === "23505")
        throw conflict("Another calendar was just saved with that slug: choose another.");
      throw e;
    }
  }

  async #lock(trx: Db, id: string): Promise<AdminCalendar> {
    const row = await trx
      .selectFrom("workout_calendars")
      .select("id")
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound("Calendar not found");
    return this.get(id, trx);
  }

  async #audited(trx: Db, actor: Actor, action: string, before: AdminCalendar | null, id: string) {
    const after = await this.get(id, trx);
    await recordAudit(trx, actor, this.clock.now(), {
      action,
      record: { type: "calendar", id },
      before: before && snapshot(before),
      after: snapshot(after),
    });
    return after;
  }
}

/** A workout day needs its workout; every named workout must exist. Refused before anything is written. */
async function checkDays(trx: Db, days: CalendarDay[]) {
  const problems = days.flatMap((d, i) =>
    d.kind === "workout" && !d.workout_id ? [`Day ${i + 1} is a workout day without its workout.`] : [],
  );
  const ids = [...new Set(days.flatMap((d) => (d.workout_id ? [d.workout_id] : [])))];
  if (ids.length) {
    const found = new Set(
      (await trx.selectFrom("workouts").select("id").where("id", "in", ids).execute()).map((r) => r.id),
    );
    problems.push(...ids.filter((id) => !found.has(id)).map((id) => `Unknown workout "${id}".`));
  }
  if (problems.length) throw badRequest(oneOrList(problems));
}

async function writeDays(trx: Db, calendarId: string, days: CalendarDay[]) {
  if (!days.length) return;
  await trx
    .insertInto("workout_calendar_days")
    .values(days.map((d, i) => ({ calendar_id: calendarId, day: i + 1, kind: d.kind, workout_id: d.workout_id })))
    .execute();
}

function columns(f: CalendarFields) {
  const { days: _days, ...rest } = f;
  return rest;
}

/** The values the audit keeps (the row's own timestamp and the enrolment count left out). */
function snapshot(c: AdminCalendar): Record<string, unknown> {
  const { updated_at: _u, enrolled: _e, ...rest } = c;
  return rest;
}
