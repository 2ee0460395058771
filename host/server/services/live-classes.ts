import { sql } from "kysely";
import type { Db } from "../db/index.js";
import { canEnterClass } from "../../../src/domain/classes.js";
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
  zoom_link?: string | null;
  /** Where the class happens: members are told the studio's name and address, or that it is online. */
  location: ClassLocation;
}

interface ClassLocation {
  id: string;
  slug: string;
  name: string;
  /** `virtual` (the live virtual studio: a video-call link) or `studio` (in person at the address). */
  kind: string;
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
      "c.cancelled_at",
      "l.time_zone",
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
    location: {
      id: row.location_id,
      slug: row.location_slug,
      name: row.location_name,
      kind: row.location_kind,
      address: row.location_address,
      city: row.location_city,
      time_zone: row.time_zone,
    },
  };
  if (!audience.isPublic) {
    const visible = audience.holdsReservation && !row.cancelled_at && isEnterable(row, now);
    live.zoom_link = visible ? row.zoom_link : null;
  }
  return live;
}
