import { sql } from "kysely";
import type { Db } from "../db/index.js";
import type { LocationKind } from "../db/tables/catalogue.js";
import { bookingOpensAt, canEnterClass, freeCancelUntil, openBookingsLimit } from "../../../src/domain/classes.js";
import { isoInZone } from "./zoned-time.js";

/** The LiveClass of the contract. `zoom_link` is left out of public answers. */
export interface LiveClass {
  id: string;
  description: string;
  /** Minutes. */
  duration: number;
  equipment: string[];
  class_full: boolean;
  completed: boolean;
  start_date: string;
  end_date: string;
  startDateTime: string;
  trainer_name: string;
  trainer_image_url: string | null;
  type: string;
  spots_left: number;
  /** The studio room (schedules filter by it); empty when not named. */
  room: string;
  zoom_link?: string | null;
  /** Where the class happens: members are told the studio's name and address, or that it is online. */
  location: ClassLocation;
  /** The location's booking and cancellation rules, with their instants for this class (issue 18). */
  policy: ClassPolicy;
  /** The class's waitlist; `position` and `entry_id` are the asking member's own (null otherwise). */
  waitlist: ClassWaitlist;
}

export interface ClassPolicy {
  booking_window_days: number;
  late_cancel_minutes: number;
  auto_book_cutoff_minutes: number;
  /** The location's own limit, else the default. */
  max_open_bookings: number;
  /** When booking opens (start minus the booking window), in the location's offset. */
  booking_opens_at: string;
  /** The last instant a cancel is free (start minus late_cancel_minutes); later cancels are marked late. */
  free_cancel_until: string;
}

export interface ClassWaitlist {
  /** Members waiting now. */
  count: number;
  capacity: number;
  /** A member may join now: the class is full, has not started and its waitlist has room. */
  open: boolean;
  /** The asking member's place in the queue (1 = next), or null. */
  position: number | null;
  /** The asking member's waitlist entry (to leave it), or null. */
  entry_id: string | null;
}

interface ClassLocation {
  id: string;
  slug: string;
  name: string;
  /** `virtual` (the live virtual studio: a video-call link) or `studio` (in person at the address). */
  kind: LocationKind;
  address: string;
  city: string;
  time_zone: string;
}

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
function classPolicy(row: ClassRow): ClassPolicy {
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
