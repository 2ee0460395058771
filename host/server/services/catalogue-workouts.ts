import { sql } from "kysely";
import type { Db } from "../db/index.js";
import type { WorkoutType } from "../db/tables/catalogue.js";
import type { StrainTag } from "../../../src/domain/avoid.js";

export interface TrainerRef {
  id: string;
  slug: string;
  name: string;
  image_url: string;
}

export interface CollectionRef {
  id: string;
  slug: string;
  name: string;
}

/** A workout exactly as the API answers it (api-contract.md "Workouts"). */
export interface Workout {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string[];
  type: WorkoutType;
  level: string;
  pacing: string;
  trainers: TrainerRef[];
  equipment: string[];
  /** What the workout loads or involves (avoid filters); none until the catalogue/strain seed step assessed it. */
  strain: StrainTag[];
  focusMember: string[];
  benefits: string[];
  collections: CollectionRef[];
  live: boolean;
  start_date: string;
  created_at: string;
  /** Minutes. */
  duration: number;
  video: { duration: number; poster_url: string };
  breakdown: { title: string; minutes: number }[];
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The whole catalogue (the search index is built from this), each workout with its categories, trainers and
 * collections, in one query: every row is one JSON text in the answer's shape, so reading 200k workouts costs one
 * column and one native JSON.parse per workout instead of typed columns and joined link rows regrouped in script.
 */
export async function loadWorkouts(db: Db): Promise<Workout[]> {
  const { rows } = await sql<{ w: string }>`
    select json_build_object(
      'id', w.id, 'slug', w.slug, 'name', w.name, 'description', w.description,
      'category', coalesce((
        select json_agg(c.slug order by c.sort_order, c.id)
        from workout_category_links l join workout_categories c on c.id = l.category_id
        where l.workout_id = w.id), '[]'),
      'type', w.type, 'level', w.level, 'pacing', w.pacing,
      'trainers', coalesce((
        select json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name, 'image_url', t.image_url)
          order by l.position)
        from workout_trainers l join trainers t on t.id = l.trainer_id
        where l.workout_id = w.id), '[]'),
      'equipment', to_json(w.equipment),
      'strain', coalesce(to_json(w.strain), '[]'),
      'focusMember', to_json(w.focus),
      'benefits', to_json(w.benefits),
      'collections', coalesce((
        select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by c.sort_order, c.id)
        from workout_collections l join collections c on c.id = l.collection_id
        where l.workout_id = w.id), '[]'),
      'live', w.live,
      'start_date', to_char(w.start_date at time zone 'UTC', ${sql.raw(ISO)}),
      'created_at', to_char(w.created_at at time zone 'UTC', ${sql.raw(ISO)}),
      'duration', w.duration,
      'video', json_build_object('duration', w.video_duration, 'poster_url', w.poster_url),
      'breakdown', w.breakdown
    )::text as w
    from workouts w
    order by w.id`.execute(db);
  const out = new Array<Workout>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = JSON.parse(rows[i]!.w) as Workout;
  return out;
}
