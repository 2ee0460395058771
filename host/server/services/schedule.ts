import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest } from "../errors.js";
import { CLASS_HORIZON_DAYS } from "../../../src/domain/classes.js";
import { classRows, localDate, toLiveClass, waitingColumns, waitingOf, type LiveClass } from "./live-classes.js";

/** A date filter bound: a local calendar date (in each class's own zone) or an exact instant. */
export type DateBound = { date: string } | { instant: Date };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Reads `min_date` / `max_date`: `YYYY-MM-DD` or an ISO-8601 date-time with an offset. */
export function parseDateBound(field: string, raw: string | undefined): DateBound | undefined {
  if (raw === undefined || raw === "") return undefined;
  // An unencoded "+05:00" offset arrives as " 05:00" (a plus in a query string decodes to a space).
  const value = raw.replace(/ (\d{2}:\d{2})$/, "+$1");
  if (DATE_ONLY.test(value)) {
    const parsed = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)) return { date: value };
  } else if (DATE_TIME.test(value)) {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) return { instant: parsed };
  }
  throw badRequest(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`);
}

export interface ClassQuery {
  min?: DateBound;
  max?: DateBound;
  /** Location id or slug. */
  location?: string;
  isPublic: boolean;
  /** The signed-in member, if any (decides zoom_link). */
  memberId?: string;
  limit: number;
  skip: number;
}

// A local date is within a day and a bit of UTC midnight in every zone: these bounds let the start_at index narrow a
// date filter before the exact per-zone comparison.
const ZONE_SLACK_DAYS = 2;

export class ScheduleService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * Generates the classes of every active template for local days `fromDay`…`toDay` relative to today in each
   * location's zone (default: today through 30 days ahead). Idempotent: a class already generated (id
   * "<template>-<yyyymmdd>") is left as it is, bookings included. Answers how many classes were added.
   */
  async topUp(options: { fromDay?: number; toDay?: number } = {}): Promise<number> {
    const { fromDay = 0, toDay = CLASS_HORIZON_DAYS } = options;
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const result = await sql<{ id: string }>`
      insert into live_classes
        (id, location_id, template_id, trainer_id, class_type, description, equipment, start_at, end_at, duration, capacity, zoom_link, created_at, room, waitlist_capacity)
      select g.id, t.location_id, t.id, t.trainer_id, t.class_type, t.description, t.equipment,
             g.local_start at time zone l.time_zone,
             -- The end is the start plus the duration in real time, even across a daylight-saving change.
             (g.local_start at time zone l.time_zone) + make_interval(mins => t.duration),
             t.duration, t.capacity, replace(t.video_call_url, '{class_id}', g.id), ${now}::timestamptz,
             t.room, coalesce(t.waitlist_capacity, l.waitlist_capacity)
      from schedule_templates t
      join locations l on l.id = t.location_id
      cross join lateral (
        select t.id || '-' || to_char(d.day, 'YYYYMMDD') as id, d.day + t.start_time as local_start, d.day
        from (
          select (${now}::timestamptz at time zone l.time_zone)::date + offs as day
          from generate_series(${fromDay}::int, ${toDay}::int) as offs
        ) d
      ) g
      where t.active and extract(isodow from g.day)::smallint = any (t.weekdays)
      on conflict (id) do nothing
      returning id`.execute(db);
    return result.rows.length;
  }

  /** One page of the schedule, ordered by start, and how many classes match in all. */
  async listClasses(query: ClassQuery): Promise<{ items: LiveClass[]; total: number }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    if (query.min && query.max && !boundsInOrder(query.min, query.max))
      throw badRequest("min_date must not be after max_date");
    const locationId = query.location === undefined ? undefined : await this.resolveLocation(query.location);

    const filtered = classRows(db)
      .where("c.cancelled_at", "is", null)
      // At most 30 days ahead: nothing past the 30th local day from today, whatever max_date asks for.
      .where(
        sql<boolean>`${localDate} <= (${now}::timestamptz at time zone l.time_zone)::date + ${CLASS_HORIZON_DAYS}::int`,
      )
      .$if(locationId !== undefined, (qb) => qb.where("c.location_id", "=", locationId!))
      .$if(query.min !== undefined, (qb) => {
        const min = query.min!;
        if ("instant" in min) return qb.where("c.start_at", ">=", min.instant);
        return qb
          .where(sql<boolean>`c.start_at >= ${min.date}::date - ${ZONE_SLACK_DAYS}::int`)
          .where(sql<boolean>`${localDate} >= ${min.date}::date`);
      })
      .$if(query.max !== undefined, (qb) => {
        const max = query.max!;
        if ("instant" in max) return qb.where("c.start_at", "<=", max.instant);
        return qb
          .where(sql<boolean>`c.start_at < ${max.date}::date + ${ZONE_SLACK_DAYS}::int`)
          .where(sql<boolean>`${localDate} <= ${max.date}::date`);
      })
      // Without a lower bound the schedule starts today (local), so a default call shows what is still to come.
      .$if(query.min === undefined, (qb) =>
        qb.where(sql<boolean>`${localDate} >= (${now}::timestamptz at time zone l.time_zone)::date`),
      );

    const withHeld = query.memberId
      ? filtered.select([
          sql<boolean>`exists (select 1 from reservations r where r.class_id = c.id and r.user_id = ${query.memberId} and r.status <> 'standard cancel')`.as(
            "held",
          ),
          ...waitingColumns(query.memberId, now),
        ])
      : filtered.select([
          sql<boolean>`false`.as("held"),
          sql<string | null>`null`.as("wait_id"),
          sql<string | null>`null`.as("wait_position"),
        ]);

    const [rows, count] = await Promise.all([
      withHeld
        .orderBy("c.start_at")
        .orderBy("l.sort_order")
        .orderBy("c.id")
        .limit(query.limit)
        .offset(query.skip)
        .execute(),
      filtered
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) =>
        toLiveClass(row, now, { isPublic: query.isPublic, holdsReservation: row.held, waiting: waitingOf(row) }),
      ),
      total: Number(count.n),
    };
  }

  /** A location id or slug → its id; an unknown one is bad input. */
  async resolveLocation(idOrSlug: string): Promise<string> {
    const row = await this.deps.db
      .selectFrom("locations")
      .select("id")
      .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
      .executeTakeFirst();
    if (!row) throw badRequest(`location must be a known location (${JSON.stringify(idOrSlug)} is not)`);
    return row.id;
  }
}

/** Whether min ≤ max, when both are of one kind (a date and an instant are not compared: the answer is just empty). */
function boundsInOrder(min: DateBound, max: DateBound): boolean {
  if ("date" in min && "date" in max) return min.date <= max.date;
  if ("instant" in min && "instant" in max) return min.instant <= max.instant;
  return true;
}
