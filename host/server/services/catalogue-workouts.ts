import { sql, type Transaction } from "kysely";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import type { WorkoutType } from "../db/tables/catalogue.js";
import type { StrainTag } from "../../../src/domain/avoid.js";
import type { Answer, workoutSchema } from "../schemas.js";

/** A workout exactly as the API answers it (api-contract.md "Workouts"). */
export type Workout = Answer<typeof workoutSchema>;
export type TrainerRef = Workout["trainers"][number];
export type CollectionRef = Workout["collections"][number];

type Row = [
  id: string,
  slug: string,
  name: string,
  description: string,
  type: WorkoutType,
  level: string,
  pacing: string,
  equipment: string[],
  strain: StrainTag[] | null,
  focus: string[],
  benefits: string[],
  live: boolean,
  startDate: string,
  createdAt: string,
  duration: number,
  videoDuration: number,
  posterUrl: string,
  breakdown: { title: string; minutes: number }[],
];

/**
 * A timestamptz as JSON gives it in UTC (`2026-11-25T15:50:26.173456+00:00`, fraction optional) in the answer's form,
 * to the millisecond (truncated, as to_char's MS): string work, where 400k Date parses would cost a second.
 */
function iso(timestamp: string): string {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?\+00(?::00)?$/.exec(timestamp);
  if (!match) return new Date(timestamp).toISOString();
  return `${match[1]}.${((match[2] ?? "") + "000").slice(0, 3)}Z`;
}

/** A link table's rows grouped by workout: each workout's row numbers, in the order the rows arrived. */
function rowsByWorkout(workoutIds: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < workoutIds.length; i++) {
    const list = out.get(workoutIds[i]!);
    if (list) list.push(i);
    else out.set(workoutIds[i]!, [i]);
  }
  return out;
}

const NONE: number[] = [];
const jsonArray = <T>(text: string | null): T[] => (text ? (JSON.parse(text) as T[]) : []);

/** This module: its code decides a workout's shape, so a saved catalogue copy is tied to it (catalogue-copy.ts). */
export const WORKOUTS_READER_MODULE = import.meta.url;

/**
 * The whole catalogue (the search index is built from this), each workout with its categories, trainers and
 * collections, read in one snapshot. On PGlite every row and every column costs far more than its bytes, and
 * per-workout subqueries for the links more than the rest of the read (200k workouts: about 28 s as one JSON object
 * per workout with its links joined in SQL): here each workout is one JSON array of its own columns, each link table
 * two flat JSON arrays (workout ids, linked ids) in one row, and the links are joined in script to the three small
 * tables.
 */
export async function loadWorkouts(db: Db): Promise<Workout[]> {
  return db.transaction().setIsolationLevel("repeatable read").execute(readWorkouts);
}

/** loadWorkouts inside a transaction the caller holds (repeatable read, so every table is read at one moment). */
export async function readWorkouts(trx: Transaction<Database>): Promise<Workout[]> {
  // Timestamps as JSON in UTC, which iso() turns into the answer's form without a Date.
  await sql`set local time zone 'UTC'`.execute(trx);
  const categories = await sql<{ id: string; slug: string }>`
        select id, slug from workout_categories order by sort_order, id`.execute(trx);
  const trainers = await sql<TrainerRef>`select id, slug, name, image_url from trainers`.execute(trx);
  const collections = await sql<CollectionRef>`
        select id, slug, name from collections order by sort_order, id`.execute(trx);
  // The aggregates over one table share one scan, so each table's arrays run in parallel (separate scans of
  // the same table need not return its rows in the same order).
  const { rows: links } = await sql<Record<string, string | null>>`
        select *
        from (select json_agg(workout_id)::text as category_workouts, json_agg(category_id)::text as category_ids
              from workout_category_links) c,
          (select json_agg(workout_id)::text as trainer_workouts, json_agg(trainer_id)::text as trainer_ids,
              json_agg(position)::text as trainer_positions
            from workout_trainers) t,
          (select json_agg(workout_id)::text as collection_workouts, json_agg(collection_id)::text as collection_ids
            from workout_collections) co`.execute(trx);
  const { rows } = await sql<{ w: string }>`
        select json_build_array(
          w.id, w.slug, w.name, w.description, w.type, w.level, w.pacing, w.equipment, w.strain, w.focus, w.benefits,
          w.live, w.start_date, w.created_at, w.duration, w.video_duration, w.poster_url, w.breakdown
        )::text as w
        from workouts w
        where w.status in ('published', 'archived')
        order by w.id`.execute(trx);

  const l = links[0]!;
  const categoryIds = jsonArray<string>(l.category_ids!);
  const trainerIds = jsonArray<string>(l.trainer_ids!);
  const trainerPositions = jsonArray<number>(l.trainer_positions!);
  const collectionIds = jsonArray<string>(l.collection_ids!);
  const categoryRows = rowsByWorkout(jsonArray<string>(l.category_workouts!));
  const trainerRows = rowsByWorkout(jsonArray<string>(l.trainer_workouts!));
  const collectionRows = rowsByWorkout(jsonArray<string>(l.collection_workouts!));
  const categoryRank = new Map(categories.rows.map((c, i) => [c.id, i]));
  const categorySlug = new Map(categories.rows.map((c) => [c.id, c.slug]));
  // One object per trainer and per collection, shared by their workouts (the catalogue is never modified in
  // place): 200k workouts make 400k fewer objects for the collector to trace.
  const trainerById = new Map(trainers.rows.map((t) => [t.id, t]));
  const collectionRank = new Map(collections.rows.map((c, i) => [c.id, i]));
  const collectionById = new Map(collections.rows.map((c) => [c.id, c]));
  // The orders the answer lists them in: categories and collections by their sort order then id, trainers by
  // their position on the workout (then id).
  const byCategory = (a: number, b: number) => categoryRank.get(categoryIds[a]!)! - categoryRank.get(categoryIds[b]!)!;
  const byCollection = (a: number, b: number) =>
    collectionRank.get(collectionIds[a]!)! - collectionRank.get(collectionIds[b]!)!;
  const byPosition = (a: number, b: number) =>
    trainerPositions[a]! - trainerPositions[b]! ||
    (trainerIds[a]! < trainerIds[b]! ? -1 : trainerIds[a]! > trainerIds[b]! ? 1 : 0);

  const out = new Array<Workout>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = JSON.parse(rows[i]!.w) as Row;
    const id = r[0];
    out[i] = {
      id,
      slug: r[1],
      name: r[2],
      description: r[3],
      category: (categoryRows.get(id) ?? NONE).sort(byCategory).map((k) => categorySlug.get(categoryIds[k]!)!),
      type: r[4],
      level: r[5],
      pacing: r[6],
      trainers: (trainerRows.get(id) ?? NONE).sort(byPosition).map((k) => trainerById.get(trainerIds[k]!)!),
      equipment: r[7],
      strain: r[8] ?? [],
      focusMember: r[9],
      benefits: r[10],
      collections: (collectionRows.get(id) ?? NONE)
        .sort(byCollection)
        .map((k) => collectionById.get(collectionIds[k]!)!),
      live: r[11],
      start_date: iso(r[12]),
      created_at: iso(r[13]),
      duration: r[14],
      video: { duration: r[15], poster_url: r[16] },
      breakdown: r[17],
    };
  }
  return out;
}
