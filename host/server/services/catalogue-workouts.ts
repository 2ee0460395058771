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

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/**
 * Workouts with their categories, trainers and collections, in four queries whatever the count.
 * Without `ids`, the whole catalogue (the search index is built from this).
 */
export async function loadWorkouts(db: Db, ids?: readonly string[]): Promise<Workout[]> {
  if (ids && !ids.length) return [];
  const some = ids ?? [];
  const [workouts, categories, trainers, collections] = await Promise.all([
    db
      .selectFrom("workouts")
      .selectAll()
      .$if(!!ids, (q) => q.where("id", "in", some))
      .orderBy("id")
      .execute(),
    db
      .selectFrom("workout_category_links as l")
      .innerJoin("workout_categories as c", "c.id", "l.category_id")
      .select(["l.workout_id", "c.slug"])
      .$if(!!ids, (q) => q.where("l.workout_id", "in", some))
      .orderBy("c.sort_order")
      .execute(),
    db
      .selectFrom("workout_trainers as l")
      .innerJoin("trainers as t", "t.id", "l.trainer_id")
      .select(["l.workout_id", "t.id", "t.slug", "t.name", "t.image_url"])
      .$if(!!ids, (q) => q.where("l.workout_id", "in", some))
      .orderBy("l.position")
      .execute(),
    db
      .selectFrom("workout_collections as l")
      .innerJoin("collections as c", "c.id", "l.collection_id")
      .select(["l.workout_id", "c.id", "c.slug", "c.name"])
      .$if(!!ids, (q) => q.where("l.workout_id", "in", some))
      .orderBy("c.sort_order")
      .execute(),
  ]);
  const categoriesOf = groupBy(categories, (r) => r.workout_id);
  const trainersOf = groupBy(trainers, (r) => r.workout_id);
  const collectionsOf = groupBy(collections, (r) => r.workout_id);
  return workouts.map((w) => ({
    id: w.id,
    slug: w.slug,
    name: w.name,
    description: w.description,
    category: (categoriesOf.get(w.id) ?? []).map((c) => c.slug),
    type: w.type,
    level: w.level,
    pacing: w.pacing,
    trainers: (trainersOf.get(w.id) ?? []).map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      image_url: t.image_url,
    })),
    equipment: w.equipment,
    strain: (w.strain ?? []) as StrainTag[],
    focusMember: w.focus,
    benefits: w.benefits,
    collections: (collectionsOf.get(w.id) ?? []).map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
    live: w.live,
    start_date: w.start_date.toISOString(),
    created_at: w.created_at.toISOString(),
    duration: w.duration,
    video: { duration: w.video_duration, poster_url: w.poster_url },
    breakdown: w.breakdown,
  }));
}
