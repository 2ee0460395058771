import type { Db } from "../db/index.js";
import { notFound } from "../errors.js";

/**
 * What the art routes draw, looked up by the name in their URL: a class's type, a series' slug and main class type,
 * a trainer's slug. An unknown name is a 404, so a broken image link shows up as one.
 */
export class ArtworkService {
  constructor(private readonly db: Db) {}

  /** A workout's category slug (its first by category order), the class type its still is drawn for. */
  async classTypeOf(workoutId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("workout_category_links as l")
      .innerJoin("workout_categories as c", "c.id", "l.category_id")
      .select("c.slug")
      .where("l.workout_id", "=", workoutId)
      .orderBy("c.sort_order")
      .orderBy("c.slug")
      .executeTakeFirst();
    return row?.slug;
  }

  async workout(idOrSlug: string): Promise<{ id: string; classType?: string }> {
    const row = await this.db
      .selectFrom("workouts")
      .select("id")
      .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
      .executeTakeFirst();
    if (!row) throw notFound(`Workout ${idOrSlug} not found`);
    return { id: row.id, classType: await this.classTypeOf(row.id) };
  }

  /** A series and the class type most of its classes share (ties: the one met first in the series' order). */
  async series(idOrSlug: string): Promise<{ slug: string; classType?: string }> {
    const row = await this.db
      .selectFrom("series")
      .select(["id", "slug"])
      .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
      .executeTakeFirst();
    if (!row) throw notFound(`Series ${idOrSlug} not found`);
    const main = await this.db
      .selectFrom("series_items as i")
      .innerJoin("workout_category_links as l", "l.workout_id", "i.workout_id")
      .innerJoin("workout_categories as c", "c.id", "l.category_id")
      .select(["c.slug", (eb) => eb.fn.countAll<number>().as("classes"), (eb) => eb.fn.min("i.position").as("first")])
      .where("i.series_id", "=", row.id)
      .groupBy("c.slug")
      .orderBy("classes", "desc")
      .orderBy("first")
      .executeTakeFirst();
    return { slug: row.slug, classType: main?.slug };
  }

  async trainer(idOrSlug: string): Promise<{ slug: string }> {
    const row = await this.db
      .selectFrom("trainers")
      .select("slug")
      .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
      .executeTakeFirst();
    if (!row) throw notFound(`Trainer ${idOrSlug} not found`);
    return row;
  }
}
