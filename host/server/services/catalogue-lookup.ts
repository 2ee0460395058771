import type { Db } from "../db/index.js";
import type { Answer, workoutSummarySchema } from "../schemas.js";

/** Catalogue tables whose ids members send in lists (favourites, hidden collections). */
type CatalogueTable = "workouts" | "collections";

/** The ids of `ids` that do not exist in `table` (one query whatever the count). */
export async function missingIds(db: Db, table: CatalogueTable, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const found = await db.selectFrom(table).select("id").where("id", "in", wanted).execute();
  const present = new Set(found.map((r) => r.id));
  return wanted.filter((id) => !present.has(id));
}

/**
 * A workout's name, type and lengths (minutes and video seconds), or undefined: one members may reach (published, or
 * archived and so still in their history); drafts and scheduled workouts are the console's alone.
 */
export async function findWorkout(db: Db, id: string) {
  return db
    .selectFrom("workouts")
    .select(["id", "name", "type", "duration", "video_duration"])
    .where("id", "=", id)
    .where("status", "in", ["published", "archived"])
    .executeTakeFirst();
}

export type WorkoutSummary = Answer<typeof workoutSummarySchema>;

/** What activity answers show of a workout (history rows, series items, challenge lists), by id. */
export async function workoutSummaries(db: Db, ids: string[]): Promise<Map<string, WorkoutSummary>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const [rows, trainers] = await Promise.all([
    db
      .selectFrom("workouts")
      .select(["id", "slug", "name", "type", "level", "duration", "video_duration", "live", "start_date", "poster_url"])
      .where("id", "in", wanted)
      .execute(),
    db
      .selectFrom("workout_trainers as wt")
      .innerJoin("trainers as t", "t.id", "wt.trainer_id")
      .select(["wt.workout_id", "t.id", "t.slug", "t.name", "t.image_url"])
      .where("wt.workout_id", "in", wanted)
      .orderBy("wt.position")
      .execute(),
  ]);
  return new Map(
    rows.map((w) => [
      w.id,
      {
        id: w.id,
        slug: w.slug,
        name: w.name,
        type: w.type,
        level: w.level,
        duration: w.duration,
        live: w.live,
        start_date: new Date(w.start_date).toISOString(),
        video: { duration: w.video_duration, poster_url: w.poster_url },
        trainers: trainers
          .filter((t) => t.workout_id === w.id)
          .map(({ id, slug, name, image_url }) => ({ id, slug, name, image_url })),
      },
    ]),
  );
}
