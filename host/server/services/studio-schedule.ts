import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { ScheduleService } from "./schedule.js";
import type { StaffLocation } from "./studio-access.js";
import { addDays, isoInZone, localDay } from "./zoned-time.js";
import { type Answer, strictObject } from "../schemas.js";

/** A weekly class as staff edit it: local wall-clock time in the location's zone. */
export interface TemplateInput {
  weekdays: number[];
  /** "HH:MM", local. */
  start_time: string;
  /** Minutes. */
  duration: number;
  class_type: string;
  trainer_id: string;
  capacity: number;
  room: string;
  waitlist_capacity?: number | null;
  description?: string;
  equipment?: string[];
  video_call_url?: string | null;
}

/** A one-off class: a local date and local start and end times. */
export interface OneOffInput {
  date: string;
  start_time: string;
  end_time: string;
  class_type: string;
  trainer_id: string;
  capacity: number;
  room: string;
  waitlist_capacity?: number;
  description?: string;
  equipment?: string[];
  video_call_url?: string | null;
}

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const boolean = { type: "boolean" } as const;

const trainerRef = {
  type: ["object", "null"],
  properties: { id: string, name: string },
  required: ["id", "name"],
} as const;

/** A weekly class as the studio console answers it. */
export const templateSchema = strictObject(
  {
    id: string,
    location_id: string,
    weekdays: { type: "array", items: integer },
    start_time: string,
    duration: integer,
    class_type: string,
    trainer: trainerRef,
    capacity: integer,
    room: string,
    waitlist_capacity: { type: ["integer", "null"] },
    description: string,
    equipment: { type: "array", items: string },
  },
  ["id", "location_id", "weekdays", "start_time", "duration", "class_type", "trainer", "capacity", "room"],
);

// Every class answer carries each of these (services/studio-schedule.ts toClassView), so each is required: the pages
// read them without guessing.
const classFields = {
  id: string,
  template_id: { type: ["string", "null"] },
  location_id: string,
  local_date: string,
  start_time: string,
  end_time: string,
  start_at: { ...string, description: "ISO 8601 with the location's offset" },
  end_at: string,
  duration: integer,
  class_type: string,
  description: string,
  trainer: trainerRef,
  capacity: integer,
  booked: integer,
  waitlisted: integer,
  waitlist_capacity: integer,
  room: string,
  started: boolean,
  ended: boolean,
  cancelled: boolean,
  cancel_reason: { type: ["string", "null"] },
} as const;
const classKeys = Object.keys(classFields) as (keyof typeof classFields)[];
/** A scheduled class as the studio console answers it. */
export const classSchema = strictObject(classFields, classKeys);
/** A class the desk cancelled, with how many members were told. */
export const cancelledClassSchema = strictObject(
  { ...classFields, notified: { type: "integer", description: "members emailed" } },
  [...classKeys, "notified"],
);

export type TemplateView = Answer<typeof templateSchema>;
export type StaffClassView = Answer<typeof classSchema>;
export type CancelledClassView = Answer<typeof cancelledClassSchema>;

const WEEK_MINUTES = 7 * 1440;
const REMOVED_FROM_SCHEDULE = "Removed from the weekly schedule.";

const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number]; // "HH:MM[:SS]"
  return h * 60 + m;
};
const hhmm = (time: string) => time.slice(0, 5);

/** The weekly intervals [start, end) in minutes from Monday 00:00 a template occupies; wrapping past Sunday splits. */
function weekIntervals(t: Pick<TemplateInput, "weekdays" | "start_time" | "duration">): [number, number][] {
  return t.weekdays.flatMap((day) => {
    const start = (day - 1) * 1440 + minutesOf(t.start_time);
    const end = start + t.duration;
    return end <= WEEK_MINUTES
      ? [[start, end] as [number, number]]
      : [[start, WEEK_MINUTES] as [number, number], [0, end - WEEK_MINUTES] as [number, number]];
  });
}

const overlaps = (a: [number, number][], b: [number, number][]) =>
  a.some(([s1, e1]) => b.some(([s2, e2]) => s1 < e2 && s2 < e1));

const weekdayName = (n: number) =>
  ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][n - 1] ?? String(n);

/**
 * The studio's schedule as staff edit it: weekly templates and one-off classes of one location. Changes reach the
 * public schedule in the same transaction: a template's upcoming classes are regenerated from it at once.
 *
 * Regeneration rule (classes are never lost with their bookings): an upcoming class of the template that nobody is
 * booked on or waiting for is brought in line with the template (time, duration, type, trainer, capacity, room), or
 * removed when its weekday is no longer in the template (deleted, or marked cancelled when it has cancelled
 * reservations in its history); an upcoming class that members are booked on or waiting for is left exactly as it
 * is, so their booking keeps the time they booked. Staff change or cancel such a class one by one. New weekdays are
 * generated by the same top-up the hourly job runs.
 */
export class StudioScheduleService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async trainers(): Promise<{ id: string; name: string }[]> {
    return this.deps.db.selectFrom("trainers").select(["id", "name"]).orderBy("name").orderBy("id").execute();
  }

  async listTemplates(location: StaffLocation): Promise<TemplateView[]> {
    const rows = await this.#templateRows(this.deps.db)
      .where("t.location_id", "=", location.id)
      .where("t.active", "=", true)
      .orderBy("t.start_time")
      .orderBy("t.id")
      .execute();
    return rows.map(toTemplateView);
  }

  async createTemplate(location: StaffLocation, input: TemplateInput): Promise<TemplateView> {
    const id = `${location.id}-${randomBytes(5).toString("hex")}`;
    return this.deps.db.transaction().execute(async (trx) => {
      await lockLocation(trx, location.id);
      await this.#validateTemplate(trx, location.id, input, undefined);
      await trx
        .insertInto("schedule_templates")
        .values({
          id,
          location_id: location.id,
          weekdays: input.weekdays,
          start_time: input.start_time,
          duration: input.duration,
          class_type: input.class_type,
          trainer_id: input.trainer_id,
          capacity: input.capacity,
          room: input.room,
          waitlist_capacity: input.waitlist_capacity ?? null,
          description: input.description ?? "",
          equipment: input.equipment ?? [],
          video_call_url: input.video_call_url ?? null,
        })
        .execute();
      await new ScheduleService({ db: trx, clock: this.deps.clock }).topUp();
      return this.#template(trx, id);
    });
  }

  async updateTemplate(location: StaffLocation, id: string, patch: Partial<TemplateInput>): Promise<TemplateView> {
    return this.deps.db.transaction().execute(async (trx) => {
      await lockLocation(trx, location.id);
      const current = await this.#template(trx, id);
      const merged: TemplateInput = {
        weekdays: patch.weekdays ?? current.weekdays,
        start_time: patch.start_time ?? current.start_time,
        duration: patch.duration ?? current.duration,
        class_type: patch.class_type ?? current.class_type,
        trainer_id: patch.trainer_id ?? current.trainer?.id ?? "",
        capacity: patch.capacity ?? current.capacity,
        room: patch.room ?? current.room,
        waitlist_capacity: patch.waitlist_capacity === undefined ? current.waitlist_capacity : patch.waitlist_capacity,
        description: patch.description ?? current.description,
        equipment: patch.equipment ?? current.equipment,
      };
      await this.#validateTemplate(trx, location.id, merged, id);
      await trx
        .updateTable("schedule_templates")
        .set({
          weekdays: merged.weekdays,
          start_time: merged.start_time,
          duration: merged.duration,
          class_type: merged.class_type,
          trainer_id: merged.trainer_id,
          capacity: merged.capacity,
          room: merged.room,
          waitlist_capacity: merged.waitlist_capacity ?? null,
          description: merged.description ?? "",
          equipment: merged.equipment ?? [],
          ...(patch.video_call_url !== undefined ? { video_call_url: patch.video_call_url } : {}),
        })
        .where("id", "=", id)
        .execute();
      await this.#regenerate(trx, id);
      return this.#template(trx, id);
    });
  }

  /** Ends a template: its unbooked upcoming classes leave the schedule; booked ones stay until staff cancel them. */
  async deleteTemplate(location: StaffLocation, id: string): Promise<{ success: true; kept_classes: number }> {
    return this.deps.db.transaction().execute(async (trx) => {
      await lockLocation(trx, location.id);
      await this.#template(trx, id);
      await trx.updateTable("schedule_templates").set({ active: false }).where("id", "=", id).execute();
      await this.#regenerate(trx, id);
      const kept = await trx
        .selectFrom("live_classes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("template_id", "=", id)
        .where("start_at", ">", this.deps.clock.now())
        .where("cancelled_at", "is", null)
        .executeTakeFirstOrThrow();
      return { success: true as const, kept_classes: Number(kept.n) };
    });
  }

  /** A one-off class; it is on the public schedule as soon as this answers. */
  async createClass(location: StaffLocation, input: OneOffInput): Promise<StaffClassView> {
    const { db, clock } = this.deps;
    const id = `${location.id}-once-${randomBytes(5).toString("hex")}`;
    return db.transaction().execute(async (trx) => {
      const times = await this.#validateOneOff(trx, location, input);
      await trx
        .insertInto("live_classes")
        .values({
          id,
          location_id: location.id,
          template_id: null,
          trainer_id: input.trainer_id,
          class_type: input.class_type,
          description: input.description ?? "",
          equipment: input.equipment ?? [],
          start_at: times.start,
          end_at: times.end,
          duration: times.minutes,
          capacity: input.capacity,
          room: input.room,
          waitlist_capacity: input.waitlist_capacity ?? (await locationWaitlist(trx, location.id)),
          zoom_link: input.video_call_url ? input.video_call_url.replace("{class_id}", id) : null,
          created_at: clock.now(),
        })
        .execute();
      return this.classView(trx, id);
    });
  }

  /**
   * Edits one class (a one-off, or one day of a template). Its time moves only while nobody is booked or waiting
   * (409 otherwise: cancel it and create another, so members are told); capacity is the capacity route's.
   */
  async updateClass(
    location: StaffLocation,
    id: string,
    patch: Partial<Omit<OneOffInput, "capacity" | "waitlist_capacity" | "video_call_url">>,
  ): Promise<StaffClassView> {
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("live_classes")
        .selectAll()
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      assertEditable(current, clock.now());
      const view = await this.classView(trx, id);
      const moves = patch.date !== undefined || patch.start_time !== undefined || patch.end_time !== undefined;
      if (moves && (current.booked > 0 || current.waitlisted > 0))
        throw conflict({
          message:
            "Members are booked on or waiting for this class, so its time cannot change: cancel it (they are told) and create a new class.",
          code: "class_time_locked",
        });
      const merged: OneOffInput = {
        date: patch.date ?? view.local_date,
        start_time: patch.start_time ?? view.start_time,
        end_time: patch.end_time ?? view.end_time,
        class_type: patch.class_type ?? current.class_type,
        trainer_id: patch.trainer_id ?? current.trainer_id ?? "",
        capacity: current.capacity,
        room: patch.room ?? current.room,
      };
      const times = moves
        ? await this.#validateOneOff(trx, location, merged)
        : await this.#validateTrainer(trx, merged.trainer_id).then(() => undefined);
      await trx
        .updateTable("live_classes")
        .set({
          class_type: merged.class_type,
          trainer_id: merged.trainer_id,
          room: merged.room,
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.equipment !== undefined ? { equipment: patch.equipment } : {}),
          ...(times ? { start_at: times.start, end_at: times.end, duration: times.minutes } : {}),
        })
        .where("id", "=", id)
        .execute();
      return this.classView(trx, id);
    });
  }

  /** The classes of one local week (Monday to Sunday) of a location, cancelled ones included, by start. */
  async week(location: StaffLocation, day: string | undefined) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const anchor = day ?? localDay(now, location.time_zone);
    const weekday = (new Date(`${anchor}T12:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
    const weekStart = addDays(anchor, -weekday);
    const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
    const rows = await this.#classRows(db)
      .where("c.location_id", "=", location.id)
      .where(sql<boolean>`(c.start_at at time zone l.time_zone)::date between ${weekStart}::date and ${days[6]}::date`)
      .orderBy("c.start_at")
      .orderBy("c.id")
      .execute();
    return {
      location: { id: location.id, slug: location.slug, name: location.name, time_zone: location.time_zone },
      week_start: weekStart,
      days,
      today: localDay(now, location.time_zone),
      items: rows.map((row) => toClassView(row, now)),
    };
  }

  async classView(db: Db, id: string): Promise<StaffClassView> {
    const row = await this.#classRows(db).where("c.id", "=", id).executeTakeFirst();
    if (!row) throw notFound({ message: "Class not found", code: "class_not_found" });
    return toClassView(row, this.deps.clock.now());
  }

  #classRows(db: Db) {
    return db
      .selectFrom("live_classes as c")
      .innerJoin("locations as l", "l.id", "c.location_id")
      .leftJoin("trainers as t", "t.id", "c.trainer_id")
      .select([
        "c.id",
        "c.template_id",
        "c.location_id",
        "c.start_at",
        "c.end_at",
        "c.duration",
        "c.class_type",
        "c.description",
        "c.capacity",
        "c.booked",
        "c.waitlisted",
        "c.waitlist_capacity",
        "c.room",
        "c.cancelled_at",
        "c.cancel_reason",
        "l.time_zone",
        "t.id as trainer_id",
        "t.name as trainer_name",
      ]);
  }

  #templateRows(db: Db) {
    return db
      .selectFrom("schedule_templates as t")
      .leftJoin("trainers as tr", "tr.id", "t.trainer_id")
      .select([
        "t.id",
        "t.location_id",
        "t.weekdays",
        "t.start_time",
        "t.duration",
        "t.class_type",
        "t.capacity",
        "t.room",
        "t.waitlist_capacity",
        "t.description",
        "t.equipment",
        "tr.id as trainer_id",
        "tr.name as trainer_name",
      ]);
  }

  async #template(db: Db, id: string): Promise<TemplateView> {
    const row = await this.#templateRows(db).where("t.id", "=", id).where("t.active", "=", true).executeTakeFirst();
    if (!row) throw notFound({ message: "Template not found", code: "template_not_found" });
    return toTemplateView(row);
  }

  async #validateTrainer(db: Db, trainerId: string) {
    const trainer = await db.selectFrom("trainers").select("id").where("id", "=", trainerId).executeTakeFirst();
    if (!trainer) throw badRequest(`trainer_id must be a known trainer (${JSON.stringify(trainerId)} is not)`);
  }

  async #validateTemplate(db: Db, locationId: string, input: TemplateInput, self: string | undefined) {
    const problems: string[] = [];
    if (new Set(input.weekdays).size !== input.weekdays.length)
      problems.push("weekdays must not list a day twice: the template would overlap itself");
    if (problems.length) throw badRequest(problems.length === 1 ? problems[0]! : problems);
    await this.#validateTrainer(db, input.trainer_id);
    const others = await db
      .selectFrom("schedule_templates")
      .select(["id", "class_type", "weekdays", "start_time", "duration"])
      .where("location_id", "=", locationId)
      .where("room", "=", input.room)
      .where("active", "=", true)
      .$if(self !== undefined, (qb) => qb.where("id", "<>", self!))
      .execute();
    const mine = weekIntervals(input);
    const clash = others.find((o) => overlaps(mine, weekIntervals(o)));
    if (clash) {
      const days = clash.weekdays.filter((d) => input.weekdays.includes(d)).map(weekdayName);
      throw badRequest({
        message: `This class overlaps ${clash.class_type} at ${hhmm(clash.start_time)} (${clash.duration} min${days.length ? `, ${days.join(", ")}` : ""}) in ${input.room}: choose another time or room.`,
        code: "class_overlaps",
        values: {
          classType: clash.class_type,
          time: hhmm(clash.start_time),
          minutes: clash.duration,
          room: input.room,
        },
      });
    }
  }

  /** Checks a one-off's date, times and trainer and answers its instants (the location's zone, DST-aware). */
  async #validateOneOff(db: Db, location: StaffLocation, input: OneOffInput) {
    if (minutesOf(input.end_time) <= minutesOf(input.start_time))
      throw badRequest({ message: "end_time must be after start_time", code: "end_before_start" });
    await this.#validateTrainer(db, input.trainer_id);
    const { rows } = await sql<{ start: Date; end: Date }>`
      select (${input.date}::date + ${input.start_time}::time) at time zone ${location.time_zone} as start,
             (${input.date}::date + ${input.end_time}::time) at time zone ${location.time_zone} as end`.execute(db);
    const { start, end } = rows[0]!; // one row
    if (start.getTime() <= this.deps.clock.now().getTime())
      throw badRequest({
        message: "The class would start in the past: choose a later date or time.",
        code: "start_in_past",
      });
    const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
    if (minutes < 5 || minutes > 480)
      throw badRequest({ message: "A class lasts from 5 minutes to 8 hours.", code: "class_length" });
    return { start, end, minutes };
  }

  /** Brings the template's unbooked upcoming classes in line with it and generates any new days (see the class doc). */
  async #regenerate(trx: Db, templateId: string) {
    const now = this.deps.clock.now();
    const idle = sql<boolean>`c.template_id = ${templateId} and c.start_at > ${now}::timestamptz and c.cancelled_at is null and c.booked = 0 and c.waitlisted = 0`;
    const onDay = sql<boolean>`t.active and extract(isodow from (c.start_at at time zone l.time_zone)::date)::smallint = any (t.weekdays)`;
    await sql`
      update live_classes c
      set start_at = ((c.start_at at time zone l.time_zone)::date + t.start_time) at time zone l.time_zone,
          end_at = (((c.start_at at time zone l.time_zone)::date + t.start_time) at time zone l.time_zone) + make_interval(mins => t.duration),
          duration = t.duration, class_type = t.class_type, trainer_id = t.trainer_id, description = t.description,
          equipment = t.equipment, capacity = t.capacity, room = t.room,
          waitlist_capacity = coalesce(t.waitlist_capacity, l.waitlist_capacity),
          zoom_link = replace(t.video_call_url, '{class_id}', c.id)
      from schedule_templates t join locations l on l.id = t.location_id
      where t.id = c.template_id and ${idle} and ${onDay}`.execute(trx);
    const gone = sql<boolean>`${idle} and not (${onDay})`;
    await sql`
      delete from live_classes c using schedule_templates t, locations l
      where t.id = c.template_id and l.id = t.location_id and ${gone}
        and not exists (select 1 from reservations r where r.class_id = c.id)
        and not exists (select 1 from waitlist_entries w where w.class_id = c.id)`.execute(trx);
    await sql`
      update live_classes c set cancelled_at = ${now}::timestamptz, cancel_reason = ${REMOVED_FROM_SCHEDULE}
      from schedule_templates t join locations l on l.id = t.location_id
      where t.id = c.template_id and ${gone}`.execute(trx);
    await new ScheduleService({ db: trx, clock: this.deps.clock }).topUp();
  }
}

/** Serialises schedule writes of one location, so two overlapping templates cannot both pass the overlap check. */
async function lockLocation(trx: Db, locationId: string) {
  await trx.selectFrom("locations").select("id").where("id", "=", locationId).forUpdate().execute();
}

async function locationWaitlist(db: Db, locationId: string): Promise<number> {
  const row = await db
    .selectFrom("locations")
    .select("waitlist_capacity")
    .where("id", "=", locationId)
    .executeTakeFirstOrThrow();
  return row.waitlist_capacity;
}

/** A class staff may still change: not cancelled and not started. */
export function assertEditable(row: { cancelled_at: Date | null; start_at: Date }, now: Date) {
  if (row.cancelled_at) throw badRequest({ message: "This class has been cancelled.", code: "class_cancelled" });
  if (row.start_at.getTime() <= now.getTime())
    throw badRequest({ message: "This class has already started.", code: "class_started" });
}

function toTemplateView(row: {
  id: string;
  location_id: string;
  weekdays: number[];
  start_time: string;
  duration: number;
  class_type: string;
  capacity: number;
  room: string;
  waitlist_capacity: number | null;
  description: string;
  equipment: string[];
  trainer_id: string | null;
  trainer_name: string | null;
}): TemplateView {
  return {
    id: row.id,
    location_id: row.location_id,
    weekdays: [...row.weekdays].map(Number).sort((a, b) => a - b),
    start_time: hhmm(row.start_time),
    duration: row.duration,
    class_type: row.class_type,
    trainer: row.trainer_id ? { id: row.trainer_id, name: row.trainer_name ?? "" } : null,
    capacity: row.capacity,
    room: row.room,
    waitlist_capacity: row.waitlist_capacity,
    description: row.description,
    equipment: row.equipment,
  };
}

function toClassView(
  row: {
    id: string;
    template_id: string | null;
    location_id: string;
    start_at: Date;
    end_at: Date;
    duration: number;
    class_type: string;
    description: string;
    capacity: number;
    booked: number;
    waitlisted: number;
    waitlist_capacity: number;
    room: string;
    cancelled_at: Date | null;
    cancel_reason: string | null;
    time_zone: string;
    trainer_id: string | null;
    trainer_name: string | null;
  },
  now: Date,
): StaffClassView {
  const start = isoInZone(row.start_at, row.time_zone);
  const end = isoInZone(row.end_at, row.time_zone);
  return {
    id: row.id,
    template_id: row.template_id,
    location_id: row.location_id,
    local_date: start.slice(0, 10),
    start_time: start.slice(11, 16),
    end_time: end.slice(11, 16),
    start_at: start,
    end_at: end,
    duration: row.duration,
    class_type: row.class_type,
    description: row.description,
    trainer: row.trainer_id ? { id: row.trainer_id, name: row.trainer_name ?? "" } : null,
    capacity: row.capacity,
    booked: row.booked,
    waitlisted: row.waitlisted,
    waitlist_capacity: row.waitlist_capacity,
    room: row.room,
    started: row.start_at.getTime() <= now.getTime(),
    ended: row.end_at.getTime() <= now.getTime(),
    cancelled: row.cancelled_at !== null,
    cancel_reason: row.cancel_reason,
  };
}
