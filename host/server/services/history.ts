import { sql } from "kysely";
import type { Db } from "../db/index.js";
import { type Answer, exactObject, ref, WorkoutSummary } from "../schemas.js";
import { workoutSummaries } from "./catalogue-lookup.js";
import { liveClassSummaries, liveClassSummarySchema } from "./live-class-lookup.js";
import { rangeBound } from "./time-range.js";

export interface HistoryQuery {
  includeLvs: boolean;
  starting_at?: string;
  ending_at?: string;
  is_completed?: boolean;
  limit: number;
  skip: number;
  tz: string;
}

const string = { type: "string" } as const;

/** One history row: an on-demand play (its workout) or an attended live class (its class); null when since removed. */
const historyRow = <const T extends string, const W extends object>(type: T, workout: W) =>
  exactObject({
    id: string,
    workout_id: string,
    is_completed: { type: "boolean" },
    completed_at: { type: ["string", "null"] },
    date: { type: "string", description: "When it happened: completion, or the end of an unfinished play" },
    type: { type: "string", const: type },
    workout: { anyOf: [workout, { type: "null" }] },
  });
export const historyEntrySchema = {
  anyOf: [historyRow("on_demand", ref(WorkoutSummary)), historyRow("live", liveClassSummarySchema)],
} as const;
export type HistoryEntry = Answer<typeof historyEntrySchema>;

/**
 * The member's workouts, newest first: every ended on-demand play (complete or not) and, with includeLvs, every
 * attended live class (a checked-in reservation is a completed live workout).
 */
export async function workoutHistory(
  db: Db,
  userId: string,
  q: HistoryQuery,
): Promise<{ items: HistoryEntry[]; total: number }> {
  const live = q.includeLvs
    ? sql`union all
      select 'live'::text, r.id, r.class_id, true, r.checked_in_at, r.checked_in_at
        from reservations r join live_classes c on c.id = r.class_id
       where r.user_id = ${userId} and r.status = 'check in'`
    : sql``;
  const from = q.starting_at ? sql`and h.at >= ${rangeBound(q.starting_at, "starting_at", "from", q.tz)}` : sql``;
  const to = q.ending_at ? sql`and h.at < ${rangeBound(q.ending_at, "ending_at", "to", q.tz)}` : sql``;
  const completed = q.is_completed === undefined ? sql`` : sql`and h.is_completed = ${q.is_completed}`;
  const { rows } = await sql<{
    type: "on_demand" | "live";
    entry_id: string;
    workout_id: string;
    is_completed: boolean;
    completed_at: Date | null;
    at: Date;
    total: number;
  }>`select h.*, count(*) over () as total from (
        select 'on_demand'::text as type, s.id::text as entry_id, s.workout_id, s.is_complete as is_completed,
               s.completed_at, coalesce(s.completed_at, s.ended_at) as at
          from workout_sessions s
         where s.user_id = ${userId} and s.ended_at is not null
        ${live}
      ) h
      where true ${from} ${to} ${completed}
      order by h.at desc, h.entry_id
      limit ${q.limit} offset ${q.skip}`.execute(db);

  const [workouts, classes] = await Promise.all([
    workoutSummaries(
      db,
      rows.filter((r) => r.type === "on_demand").map((r) => r.workout_id),
    ),
    liveClassSummaries(
      db,
      rows.filter((r) => r.type === "live").map((r) => r.workout_id),
    ),
  ]);
  const items = rows.map((r): HistoryEntry => {
    const entry = {
      id: r.entry_id,
      workout_id: r.workout_id,
      is_completed: r.is_completed,
      completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
      date: new Date(r.at).toISOString(),
    };
    return r.type === "live"
      ? { ...entry, type: "live", workout: classes.get(r.workout_id) ?? null }
      : { ...entry, type: "on_demand", workout: workouts.get(r.workout_id) ?? null };
  });
  // A page past the end has no rows to carry the window count: count separately only then.
  const total = rows[0]
    ? Number(rows[0].total)
    : q.skip
      ? (await workoutHistory(db, userId, { ...q, skip: 0, limit: 1 })).total
      : 0;
  return { items, total };
}
