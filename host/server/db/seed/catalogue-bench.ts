/** The benchmark catalogue: the demo library topped up with generated workouts to a fixed total (20,000). */
import { sql } from "kysely";
import type { Db } from "../index.js";
import { generateWorkouts } from "./catalogue-generator.js";
import { insertWorkouts } from "./catalogue.js";

export const BENCH_WORKOUTS = 20_000;
const BENCH_PREFIX = "wb_";

/**
 * Replaces any earlier bench workouts with exactly enough new ones to reach `total` workouts in all, in one
 * transaction (the search index rebuilds once, on commit). Answers how many it generated.
 */
export async function seedBenchCatalogue(db: Db, now: Date, total = BENCH_WORKOUTS): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("workouts").where("id", "like", `${BENCH_PREFIX}%`).execute();
    const { n } = await trx
      .selectFrom("workouts")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const missing = Math.max(0, total - n);
    // About three years of releases, several a day, so every sort and length bucket has depth.
    const workouts = generateWorkouts({
      count: missing,
      seed: 20_000,
      newest: now,
      spacingDays: 1100 / Math.max(missing, 1),
      idPrefix: BENCH_PREFIX,
      codeSuffix: "B",
    });
    await insertWorkouts(trx, workouts);
    return missing;
  });
}
