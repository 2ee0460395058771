import { sql } from "kysely";
import type { Db } from "../db/index.js";
import { completionsOf } from "./completions.js";
import { rangeBound } from "./time-range.js";
import { type Answer, exactObject } from "../schemas.js";

/** The member's all-time totals (GET /stats/v2/workouts); workout_stats answers them for a range too. */
export const statsTotalsSchema = exactObject({
  total_completed: { type: "integer" },
  total_minutes: { type: "integer" },
  total_on_demand: { type: "integer" },
  total_lvs: { type: "integer" },
});
export type StatsTotals = Answer<typeof statsTotalsSchema>;

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
/** The days of a range with at least one completion, each listing its workouts. */
export const statsDaySchema = exactObject({
  date: { type: "string", description: "Local calendar day (YYYY-MM-DD) in the requested time zone" },
  on_demand: integer,
  lvs: integer,
  total: integer,
  minutes: { type: "number" },
  workouts: {
    type: "array",
    items: exactObject({
      workout_id: string,
      name: string,
      type: { type: "string", enum: ["on_demand", "live"] },
      completed_at: string,
      minutes: { type: "number" },
    }),
  },
});
export type StatsDay = Answer<typeof statsDaySchema>;

export interface StatsQuery {
  startDate?: string;
  endDate?: string;
  tz: string;
}

function rangeFilter(q: StatsQuery) {
  const from = q.startDate ? sql`and c.completed_at >= ${rangeBound(q.startDate, "startDate", "from", q.tz)}` : sql``;
  const to = q.endDate ? sql`and c.completed_at < ${rangeBound(q.endDate, "endDate", "to", q.tz)}` : sql``;
  return sql`${from} ${to}`;
}

/** Totals over the member's completions (all time without a range): one completion is 1 workout and its minutes. */
export async function statsTotals(db: Db, userId: string, q: StatsQuery = { tz: "UTC" }): Promise<StatsTotals> {
  const { rows } = await sql<{ on_demand: number; lvs: number; minutes: number }>`
    select count(*) filter (where c.type = 'on_demand') as on_demand,
           count(*) filter (where c.type = 'live') as lvs,
           coalesce(sum(c.minutes), 0) as minutes
      from ${completionsOf(userId)} c
     where true ${rangeFilter(q)}`.execute(db);
  const r = rows[0]!; // an aggregate without group by is one row
  const onDemand = Number(r.on_demand);
  const lvs = Number(r.lvs);
  return {
    total_lvs: lvs,
    total_on_demand: onDemand,
    total_completed: onDemand + lvs,
    total_minutes: Number(r.minutes),
  };
}

/**
 * The days of the range with at least one completion (the home week strip), oldest first, each listing its workouts.
 */
export async function statsByDay(db: Db, userId: string, q: StatsQuery): Promise<StatsDay[]> {
  const { rows } = await sql<{
    day: string;
    type: "on_demand" | "live";
    workout_id: string;
    name: string;
    completed_at: Date;
    minutes: number;
  }>`
    select to_char(c.completed_at at time zone ${q.tz}, 'YYYY-MM-DD') as day, c.type, c.workout_id, c.name, c.completed_at, c.minutes
      from ${completionsOf(userId)} c
     where true ${rangeFilter(q)}
     order by c.completed_at, c.entry_id`.execute(db);
  const days = new Map<string, StatsDay>();
  for (const r of rows) {
    let day = days.get(r.day);
    if (!day) days.set(r.day, (day = { date: r.day, on_demand: 0, lvs: 0, total: 0, minutes: 0, workouts: [] }));
    if (r.type === "live") day.lvs++;
    else day.on_demand++;
    day.total++;
    day.minutes += Number(r.minutes);
    day.workouts.push({
      workout_id: r.workout_id,
      name: r.name,
      type: r.type,
      completed_at: new Date(r.completed_at).toISOString(),
      minutes: Number(r.minutes),
    });
  }
  return [...days.values()];
}
