import { sql } from "kysely";
import type { Db } from "../db/index.js";
import { bookingOpensAt, canEnterClass, freeCancelUntil, openBookingsLimit } from "../../../src/domain/classes.js";
import { isoInZone } from "./zoned-time.js";
import type { FromSchema } from "json-schema-to-ts";
import { named, ref } from "../schemas.js";

/** The LiveClass of the contract, answered by the schedule, reservation and waitlist routes. */
const liveClassSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    id: { type: "string" },
    description: { type: "string" },
    duration: { type: "integer", description: "minutes" },
    equipment: { type: "array", items: { type: "string" } },
    class_full: { type: "boolean" },
    completed: { type: "boolean", description: "the class has ended" },
    start_date: { type: "string", format: "date-time" },
    end_date: { type: "string", format: "date-time" },
    startDateTime: { type: "string", format: "date-time" },
    trainer_name: { type: "string" },
    trainer_image_url: { type: ["string", "null"] },
    type: { type: "string" },
    spots_left: { type: "integer" },
    room: {
      type: "string",
      description: "the studio room it is held in (empty when not named); schedules filter by it",
    },
    zoom_link: {
      type: ["string", "null"],
      description:
        "only for a member holding a reservation, from 15 minutes before start until the end; absent in public answers",
    },
    location: {
      type: "object",
      additionalProperties: false,
      description: "where the class happens: kind virtual (a video-call link) or studio (in person at the address)",
      properties: {
        id: { type: "string" },
        slug: { type: "string" },
        name: { type: "string" },
        kind: { type: "string", enum: ["studio", "virtual"] },
        address: { type: "string" },
        city: { type: "string" },
        time_zone: { type: "string" },
      },
      required: ["id", "slug", "name", "kind", "address", "city", "time_zone"],
    },
    policy: {
      type: "object",
      additionalProperties: false,
      description: "the location's booking and cancellation rules, with their instants for this class",
      properties: {
        booking_window_days: { type: "integer", description: "booking opens this many days before the start" },
        late_cancel_minutes: { type: "integer", description: "cancelling later than this before the start is late" },
        auto_book_cutoff_minutes: {
          type: "integer",
          description: "a spot opening earlier than this before the start books the first waitlisted member",
        },
        max_open_bookings: {
          type: "integer",
          description:
            "open bookings and waitlist places a member may hold at the location (the location's own limit, else the default of 10)",
        },
        booking_opens_at: { type: "string", format: "date-time" },
        free_cancel_until: { type: "string", format: "date-time", description: "later cancels are marked late" },
      },
      required: [
        "booking_window_days",
        "late_cancel_minutes",
        "auto_book_cutoff_minutes",
        "max_open_bookings",
        "booking_opens_at",
        "free_cancel_until",
      ],
    },
    waitlist: {
      type: "object",
      additionalProperties: false,
      description: "the class's waitlist; position and entry_id are the signed-in member's own (null otherwise)",
      properties: {
        count: { type: "integer", description: "members waiting" },
        capacity: { type: "integer" },
        open: { type: "boolean", description: "joinable now: the class is full, not started, the list has room" },
        position: { type: ["integer", "null"], description: "1 = next in line" },
        entry_id: { type: ["string", "null"] },
      },
      required: ["count", "capacity", "open", "position", "entry_id"],
    },
  },
  required: [
    "id",
    "description",
    "duration",
    "equipment",
    "class_full",
    "completed",
    "start_date",
    "end_date",
    "startDateTime",
    "trainer_name",
    "trainer_image_url",
    "type",
    "spots_left",
  ],
} as const;

export const LiveClass = named("LiveClass", liveClassSchema);

/** A member's reservation (services/reservations.ts). */
export const reservationSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    id: { type: "string" },
    status: { type: "string", enum: ["pending", "standard cancel", "check in"] },
    class_data: ref(LiveClass),
    late_cancel: { type: "boolean", description: "cancelled after the free-cancellation cutoff" },
    from_waitlist: { type: "boolean", description: "booked from the waitlist" },
  },
  required: ["id", "status", "class_data"],
} as const;

/** A member's place on a class's waitlist (services/waitlist.ts). */
export const waitlistEntrySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    id: { type: "string" },
    status: { type: "string", enum: ["waiting", "left", "promoted", "expired"] },
    position: { type: ["integer", "null"], description: "1 = next in line; null once no longer waiting" },
    class_data: ref(LiveClass),
  },
  required: ["id", "status", "position", "class_data"],
} as const;

export const Reservation = named("Reservation", reservationSchema);
export const WaitlistEntry = named("WaitlistEntry", waitlistEntrySchema);

/**
 * A class as members see it; `zoom_link` is left out of public answers. Its instants are strings in the location's
 * offset (a Date would be written in UTC), so the schema is read without Answer's Date allowance.
 */
export type LiveClass = FromSchema<typeof liveClassSchema>;

/** What the answers need of a class: the class, its location's time zone and its trainer. */
export function classRows(db: Db) {
  return db
    .selectFrom("live_classes as c")
    .innerJoin("locations as l", "l.id", "c.location_id")
    .leftJoin("trainers as t", "t.id", "c.trainer_id")
    .select([
      "c.id",
      "c.location_id",
      "c.description",
      "c.duration",
      "c.equipment",
      "c.capacity",
      "c.booked",
      "c.start_at",
      "c.end_at",
      "c.class_type",
      "c.zoom_link",
      "c.room",
      "c.cancelled_at",
      "c.waitlisted",
      "c.waitlist_capacity",
      "l.time_zone",
      "l.booking_window_days",
      "l.late_cancel_minutes",
      "l.auto_book_cutoff_minutes",
      "l.max_open_bookings",
      "l.name as location_name",
      "l.slug as location_slug",
      "l.kind as location_kind",
      "l.address as location_address",
      "l.city as location_city",
      "t.name as trainer_name",
      "t.image_url as trainer_image_url",
    ]);
}

export type ClassRow = Awaited<ReturnType<ReturnType<typeof classRows>["executeTakeFirstOrThrow"]>>;

/** The class's local calendar date in its location's zone, for filters written as dates. */
export const localDate = sql<string>`(c.start_at at time zone l.time_zone)::date`;

/** The class entry window (src/domain/classes.ts) read on a class row: check-in and the video-call link. */
export const isEnterable = (row: Pick<ClassRow, "start_at" | "end_at">, now: Date) =>
  canEnterClass({ start_date: row.start_at, end_date: row.end_at }, now.getTime());

export interface Audience {
  /** A public answer (studio sites): member-only fields are left out. */
  isPublic: boolean;
  /** The asking member holds an active (pending or checked-in) reservation on this class. */
  holdsReservation: boolean;
  /** The asking member's open waitlist entry on this class and its position. */
  waiting?: { id: string; position: number } | null;
}

/** Shapes a class row as the contract's LiveClass; times carry the location's offset. */
export function toLiveClass(row: ClassRow, now: Date, audience: Audience): LiveClass {
  const start = isoInZone(row.start_at, row.time_zone);
  const live: LiveClass = {
    id: row.id,
    description: row.description,
    duration: row.duration,
    equipment: row.equipment,
    class_full: row.booked >= row.capacity,
    completed: row.end_at.getTime() <= now.getTime(),
    start_date: start,
    end_date: isoInZone(row.end_at, row.time_zone),
    startDateTime: start,
    trainer_name: row.trainer_name ?? "",
    trainer_image_url: row.trainer_image_url || null,
    type: row.class_type,
    spots_left: Math.max(row.capacity - row.booked, 0),
    room: row.room,
    location: {
      id: row.location_id,
      slug: row.location_slug,
      name: row.location_name,
      kind: row.location_kind,
      address: row.location_address,
      city: row.location_city,
      time_zone: row.time_zone,
    },
    policy: classPolicy(row),
    waitlist: {
      count: row.waitlisted,
      capacity: row.waitlist_capacity,
      open:
        row.booked >= row.capacity &&
        row.waitlisted < row.waitlist_capacity &&
        !row.cancelled_at &&
        row.start_at.getTime() > now.getTime(),
      position: audience.waiting?.position ?? null,
      entry_id: audience.waiting?.id ?? null,
    },
  };
  if (!audience.isPublic) {
    const visible = audience.holdsReservation && !row.cancelled_at && isEnterable(row, now);
    live.zoom_link = visible ? row.zoom_link : null;
  }
  return live;
}

/** The location's policy as a class answer carries it, its instants in the location's offset. */
function classPolicy(row: ClassRow): LiveClass["policy"] {
  return {
    booking_window_days: row.booking_window_days,
    late_cancel_minutes: row.late_cancel_minutes,
    auto_book_cutoff_minutes: row.auto_book_cutoff_minutes,
    max_open_bookings: openBookingsLimit(row),
    booking_opens_at: isoInZone(new Date(bookingOpensAt(row.start_at, row)), row.time_zone),
    free_cancel_until: isoInZone(new Date(freeCancelUntil(row.start_at, row)), row.time_zone),
  };
}

/**
 * The member's open waitlist entry on the class `c` and its position (1 + those waiting ahead, by `seq`), as two
 * columns of a class query. Entries of a class that has started are expired at read time: neither is answered.
 */
export const waitingColumns = (memberId: string, now: Date) =>
  [
    sql<string | null>`(select w.id from waitlist_entries w
      where w.class_id = c.id and w.user_id = ${memberId} and w.status = 'waiting' and c.start_at > ${now})`.as(
      "wait_id",
    ),
    sql<string | null>`(select 1 + (select count(*) from waitlist_entries o
        where o.class_id = w.class_id and o.status = 'waiting' and o.seq < w.seq)
      from waitlist_entries w
      where w.class_id = c.id and w.user_id = ${memberId} and w.status = 'waiting' and c.start_at > ${now})`.as(
      "wait_position",
    ),
  ] as const;

/** The Audience's `waiting` from the two columns of waitingColumns. */
export const waitingOf = (row: { wait_id: string | null; wait_position: string | number | null }) =>
  row.wait_id && row.wait_position !== null ? { id: row.wait_id, position: Number(row.wait_position) } : null;
