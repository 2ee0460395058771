import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { StaffLocation } from "./studio-access.js";
import { addDays, localDay, startOfLocalDay } from "./zoned-time.js";
import { type Answer, exactObject, strictObject } from "../schemas.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;

const policyFields = {
  booking_window_days: { type: "integer", minimum: 1, maximum: 90 },
  late_cancel_minutes: { type: "integer", minimum: 0, maximum: 10080 },
  auto_book_cutoff_minutes: { type: "integer", minimum: 0, maximum: 10080 },
  max_open_bookings: { type: ["integer", "null"], minimum: 1, maximum: 100 },
  waitlist_capacity: { type: "integer", minimum: 0, maximum: 200 },
} as const;
const policyKeys = [
  "booking_window_days",
  "late_cancel_minutes",
  "auto_book_cutoff_minutes",
  "max_open_bookings",
  "waitlist_capacity",
] as const;
/** A location's booking policy, as its owner sets it and staff read it. */
export const policySchema = strictObject(policyFields, policyKeys);

/**
 * One local week of a location: week_start is its Monday; classes_run counts the classes that ended (cancelled ones
 * never ran); fill_rate is booked / capacity of those, null when none ran.
 */
export const weekNumbersSchema = exactObject({
  week_start: string,
  classes_run: integer,
  capacity: integer,
  booked: integer,
  fill_rate: { type: ["number", "null"] },
  waitlist_conversions: integer,
  late_cancels: integer,
  no_shows: integer,
});

type LocationPolicy = Answer<typeof policySchema>;
type WeekNumbers = Answer<typeof weekNumbersSchema>;

/** What a studio reads about its weeks, and the booking policy its owner sets. */
export class StudioNumbersService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * The last `weeks` local weeks (Monday to Sunday in the location's zone), oldest first, the current one last: fill
   * rate of the classes that ran, reservations made by waitlist promotion, late cancels and no-shows.
   */
  async weekly(location: StaffLocation, weeks: number): Promise<WeekNumbers[]> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const today = localDay(now, location.time_zone);
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
    const thisMonday = addDays(today, -weekday);
    const mondays = Array.from({ length: weeks }, (_, i) => addDays(thisMonday, (i - weeks + 1) * 7));
    const from = startOfLocalDay(mondays[0]!, location.time_zone); // weeks ≥ 1
    const to = startOfLocalDay(addDays(thisMonday, 7), location.time_zone);
    const week = sql<string>`to_char(date_trunc('week', c.start_at at time zone ${location.time_zone}), 'YYYY-MM-DD')`;

    const classes = await db
      .selectFrom("live_classes as c")
      .select([
        week.as("week"),
        sql<number>`count(*)`.as("classes_run"),
        sql<number>`coalesce(sum(c.capacity), 0)`.as("capacity"),
        sql<number>`coalesce(sum(c.booked), 0)`.as("booked"),
      ])
      .where("c.location_id", "=", location.id)
      .where("c.cancelled_at", "is", null)
      .where("c.start_at", ">=", from)
      .where("c.start_at", "<", to)
      .where("c.end_at", "<=", now)
      .groupBy(sql`1`)
      .execute();
    const reservations = await db
      .selectFrom("reservations as r")
      .innerJoin("live_classes as c", "c.id", "r.class_id")
      .select([
        week.as("week"),
        sql<number>`count(*) filter (where r.from_waitlist and r.status <> 'standard cancel')`.as("conversions"),
        sql<number>`count(*) filter (where r.late_cancel)`.as("late_cancels"),
        sql<number>`count(*) filter (where r.no_show_at is not null)`.as("no_shows"),
      ])
      .where("c.location_id", "=", location.id)
      .where("c.cancelled_at", "is", null)
      .where("c.start_at", ">=", from)
      .where("c.start_at", "<", to)
      .groupBy(sql`1`)
      .execute();
    const byWeek = new Map(classes.map((c) => [c.week, c]));
    const resByWeek = new Map(reservations.map((r) => [r.week, r]));
    return mondays.map((monday) => {
      const c = byWeek.get(monday);
      const r = resByWeek.get(monday);
      const capacity = Number(c?.capacity ?? 0);
      const booked = Number(c?.booked ?? 0);
      return {
        week_start: monday,
        classes_run: Number(c?.classes_run ?? 0),
        capacity,
        booked,
        fill_rate: capacity > 0 ? Math.round((booked / capacity) * 1000) / 1000 : null,
        waitlist_conversions: Number(r?.conversions ?? 0),
        late_cancels: Number(r?.late_cancels ?? 0),
        no_shows: Number(r?.no_shows ?? 0),
      };
    });
  }

  async policy(locationId: string): Promise<LocationPolicy> {
    return this.deps.db
      .selectFrom("locations")
      .select([
        "booking_window_days",
        "late_cancel_minutes",
        "auto_book_cutoff_minutes",
        "max_open_bookings",
        "waitlist_capacity",
      ])
      .where("id", "=", locationId)
      .executeTakeFirstOrThrow();
  }

  /**
   * Sets the policy. It applies to bookings, cancels and promotions from now on; the waitlist size also becomes that
   * of the location's classes generated later (a template's own size wins), while classes already on the schedule
   * keep theirs.
   */
  async setPolicy(locationId: string, policy: LocationPolicy): Promise<LocationPolicy> {
    await this.deps.db.updateTable("locations").set(policy).where("id", "=", locationId).execute();
    return this.policy(locationId);
  }
}
