/**
 * The strain tags of a catalogue workout (avoid filters, migration 074), derived from what the class is: its category,
 * its title, its equipment, its body focus and its pacing. The demo seed and seed:bench tag each workout they write;
 * the `catalogue/strain` step tags the workouts of a database seeded before the tags existed. Deterministic: the same
 * workout always gets the same tags.
 */
import { sql } from "kysely";
import { STRAIN_TAGS, type StrainTag } from "../../../../src/domain/avoid.js";
import type { Db } from "../index.js";
import type { SeedStep } from "./index.js";

export interface StrainInput {
  /** Category slugs. */
  categories: readonly string[];
  type: "workout" | "walk" | "rest";
  /** The class name ("30 Min Live HIIT Sculpt"): its title words say what the class does. */
  name: string;
  equipment: readonly string[];
  focus: readonly string[];
  pacing: string;
}

const WEIGHTS = ["Light Weights", "Heavy Weights"];

export function strainOf(w: StrainInput): StrainTag[] {
  const tags = new Set<StrainTag>();
  const title = w.name.toLowerCase();
  const has = (...words: string[]) => words.some((word) => title.includes(word));
  const category = (...slugs: string[]) => slugs.some((s) => w.categories.includes(s));
  const focus = (...areas: string[]) => areas.some((a) => w.focus.includes(a));
  const equipment = (...names: string[]) => names.some((n) => w.equipment.includes(n));
  // Walks and rest days fill a calendar's idle days: nothing to avoid but the floor of a rest day's stretch.
  if (w.type !== "workout") return has("stretch") ? ["floor"] : [];
  const strength = category("get-started", "strength-and-sculpt", "progressive-weight-training", "cardio-burn");

  // High impact: every cardio class, and the fast functional lifting flows.
  if (category("cardio-burn") || has("hiit", "cardio", "circuit")) tags.add("jumping");
  if (category("progressive-weight-training") && w.pacing === "Fast Paced" && has("functional", "power"))
    tags.add("jumping");

  // Load through the hands: planks and push-ups (mat work, upper body, circuits), flows on all fours, heavy grips.
  if (category("mat-definition") || has("hiit", "circuit", "mobility flow", "pilates")) tags.add("wrists");
  if (strength && focus("Upper Body")) tags.add("wrists");
  if (equipment("Heavy Weights")) tags.add("wrists");

  // Shoulders and overhead: upper body classes, anything with weights above the waist, shoulder rehab.
  if (has("upper body", "arms", "shoulder")) tags.add("shoulders");
  if (strength && equipment(...WEIGHTS) && focus("Upper Body", "Full Body")) tags.add("shoulders");
  if (has("power lift", "compound", "heavy weights")) tags.add("shoulders");

  // Deep knee flexion: squats and lunges (lower and full body strength, all weight training, jumping, sliding lunges on
  // gliders), knee rehab.
  if (tags.has("jumping") || category("progressive-weight-training") || equipment("Gliders")) tags.add("knees");
  if (strength && focus("Lower Body", "Full Body")) tags.add("knees");
  if (has("lower body", "knee", "glute & core sculpt")) tags.add("knees");

  // Spinal flexion and load: crunches and roll-ups (core and mat classes), deadlifts with heavy weights, back care.
  if (category("mat-definition") || has("abs", "core", "back care")) tags.add("lower-back");
  if (strength && focus("Core")) tags.add("lower-back");
  if (equipment("Heavy Weights") || has("heavy weights", "power lift", "compound")) tags.add("lower-back");

  // Getting down to the floor: the mat, stretching and recovery, lying meditations.
  if (equipment("Mat") || category("mat-definition", "recover-and-stretch")) tags.add("floor");
  if (has("stretch", "foam roll", "body scan", "sleep")) tags.add("floor");

  return STRAIN_TAGS.filter((t) => tags.has(t));
}

/**
 * Tags the workouts not assessed yet (strain null): those of a database seeded before migration 074. Workouts the
 * seed writes now arrive tagged, so on a new database this finds nothing.
 */
export const catalogueStrain: SeedStep = {
  name: "catalogue/strain",
  async run(trx: Db) {
    const rows = await trx
      .selectFrom("workouts as w")
      .select([
        "w.id",
        "w.type",
        "w.name",
        "w.equipment",
        "w.focus",
        "w.pacing",
        sql<
          string[]
        >`coalesce(array(select c.slug from workout_category_links l join workout_categories c on c.id = l.category_id where l.workout_id = w.id), '{}')`.as(
          "categories",
        ),
      ])
      .where("w.strain", "is", null)
      .execute();
    // One update per distinct set of tags (a few dozen), not one per workout (20,000 on a bench database).
    const bySet = new Map<string, string[]>();
    for (const w of rows) {
      const key = strainOf(w).join(",");
      const ids = bySet.get(key);
      if (ids) ids.push(w.id);
      else bySet.set(key, [w.id]);
    }
    for (const [key, ids] of bySet) {
      for (let i = 0; i < ids.length; i += 1000) {
        await trx
          .updateTable("workouts")
          .set({ strain: key ? (key.split(",") as StrainTag[]) : [] })
          .where("id", "in", ids.slice(i, i + 1000))
          .execute();
      }
    }
  },
};
