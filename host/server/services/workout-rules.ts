import type { ErrorObject } from "ajv";
import { STRAIN_TAGS } from "../../../src/domain/avoid.js";
import type { Db } from "../db/index.js";
import { exactObject, strictObject } from "../schemas.js";
import { compileBodyValidator, describeValidationError } from "../validation.js";
import type { WorkoutFields } from "./admin-workouts.js";

/**
 * What a workout's fields must be, wherever they come from: the console's form (POST/PUT /admin/v1/workouts, whose
 * body schema this is) and an imported catalogue file (catalogue-transfer.ts), so an imported row is held to exactly
 * the console's rules.
 */

/** Text a member reads: no blank or control characters (the console writes what the library shows). */
const text = (max: number, min = 0) =>
  ({ type: "string", minLength: min, maxLength: max, pattern: "^[^\\u0000-\\u001f]*$" }) as const;
const longText = { type: "string", maxLength: 5000 } as const;
const tag = {
  type: "string",
  minLength: 1,
  maxLength: 60,
  pattern: "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$",
} as const;
const tags = (max: number) => ({ type: "array", maxItems: max, uniqueItems: true, items: tag }) as const;
const idList = {
  type: "array",
  maxItems: 20,
  uniqueItems: true,
  items: { type: "string", minLength: 1, maxLength: 128 },
} as const;
const slugSchema = {
  type: "string",
  minLength: 1,
  maxLength: 100,
  pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
} as const;

export const workoutFieldSchemas = {
  name: text(200, 1),
  slug: slugSchema,
  description: longText,
  type: { type: "string", enum: ["workout", "walk", "rest"] },
  level: text(60),
  pacing: text(60),
  video_minutes: { type: "integer", minimum: 1, maximum: 600, description: "Minutes of video" },
  equipment: tags(20),
  focus: tags(20),
  benefits: tags(20),
  strain: { type: "array", uniqueItems: true, items: { type: "string", enum: STRAIN_TAGS } },
  poster_url: { type: "string", maxLength: 500, pattern: "^(|https://\\S+|/\\S*)$" },
  breakdown: {
    type: "array",
    maxItems: 30,
    items: exactObject({ title: text(120, 1), minutes: { type: "integer", minimum: 0, maximum: 600 } }),
  },
  trainer_ids: idList,
  category_ids: idList,
  collection_ids: idList,
} as const;
export const workoutFieldNames = Object.keys(workoutFieldSchemas) as (keyof typeof workoutFieldSchemas)[];
/** The body of a workout's create and replace: every field, nothing else. */
export const workoutBodySchema = strictObject(workoutFieldSchemas, workoutFieldNames);

const validateBody = compileBodyValidator(workoutBodySchema);

/** A rule a field broke: the field (as the body names it) and the sentence the console's API answers. */
export interface FieldProblem {
  field: string;
  error: ErrorObject;
  message: string;
}

/**
 * Every way `value` breaks the workout body's rules (empty when it keeps them), each with the sentence the console's
 * API answers for it, e.g. `name should not be empty`.
 * @example workoutFieldProblems({ ...fields, video_minutes: 0 })
 * // [{ field: "video_minutes", message: "video_minutes must not be less than 1", error }]
 */
export function workoutFieldProblems(value: unknown): FieldProblem[] {
  if (validateBody(value)) return [];
  return (validateBody.errors ?? []).map((error) => ({
    field:
      error.keyword === "required"
        ? String((error.params as { missingProperty: string }).missingProperty)
        : error.keyword === "additionalProperties" && !error.instancePath
          ? String((error.params as { additionalProperty: string }).additionalProperty)
          : (error.instancePath.split("/")[1] ?? ""),
    error,
    message: describeValidationError(error, "body"),
  }));
}

/**
 * The trainers, categories and collections a workout names that do not exist, one sentence each
 * (`Unknown trainer "x".`).
 */
export async function unknownReferences(db: Db, fields: WorkoutFields): Promise<string[]> {
  const problems: string[] = [];
  const check = async (table: "trainers" | "workout_categories" | "collections", ids: string[], what: string) => {
    if (!ids.length) return;
    const found = new Set((await db.selectFrom(table).select("id").where("id", "in", ids).execute()).map((r) => r.id));
    for (const id of ids) if (!found.has(id)) problems.push(`Unknown ${what} "${id}".`);
  };
  await check("trainers", fields.trainer_ids, "trainer");
  await check("workout_categories", fields.category_ids, "category");
  await check("collections", fields.collection_ids, "collection");
  return problems;
}

/** The sentence for a slug another workout holds (as its slug, or as its id: a new workout's id is its slug). */
export const slugTaken = (slug: string) => `Another workout already uses the slug "${slug}".`;
