import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { notFound } from "../errors.js";
import { readAttribute, updateAttribute } from "./attributes.js";
import { workoutSummaries, type WorkoutSummary } from "./catalogue-lookup.js";

/** The quiz: question key → answer (a choice, several choices, a number or a yes/no). */
export type QuizAnswers = Record<string, string | number | boolean | string[]>;

const RECOMMENDED_WORKOUTS = 6;

export interface OnboardingResult {
  id: string;
  results_url: string;
  answers: QuizAnswers;
  created_at: string;
  workouts: WorkoutSummary[];
  series: { id: string; slug: string; name: string; level: string } | null;
}

/** Where the hosted app shows a result: a path on the app's own origin (relative, so redirect safety accepts it). */
const resultsUrl = (id: string) => `/onboarding?results=${id}`;

const asList = (v: QuizAnswers[string] | undefined) =>
  (Array.isArray(v) ? v : typeof v === "string" ? [v] : []).map((s) => s.toLowerCase());

/**
 * Picks what the results page recommends: workouts (newest first) matching the level, body focus and length the
 * member chose, relaxing the filters in that order when nothing matches, and a series of the chosen level.
 */
async function recommend(db: Db, answers: QuizAnswers) {
  const levels = asList(answers.level);
  const focus = asList(answers.focus);
  const maxMinutes = typeof answers.length === "number" ? answers.length : undefined;
  const attempts = [
    { levels, focus, maxMinutes },
    { levels, focus: [], maxMinutes },
    { levels, focus: [], maxMinutes: undefined },
    { levels: [], focus: [], maxMinutes: undefined },
  ];
  let ids: string[] = [];
  for (const a of attempts) {
    let q = db.selectFrom("workouts").select("id").where("type", "=", "workout").where("status", "=", "published");
    if (a.levels.length) q = q.where((eb) => eb.fn("lower", ["level"]), "in", a.levels);
    if (a.focus.length)
      q = q.where((eb) =>
        eb(eb.fn("lower", [eb.fn("array_to_string", ["focus", eb.val(",")])]), "~", a.focus.map(escapeRegex).join("|")),
      );
    if (a.maxMinutes !== undefined) q = q.where("duration", "<=", a.maxMinutes);
    ids = (await q.orderBy("start_date", "desc").orderBy("id").limit(RECOMMENDED_WORKOUTS).execute()).map((r) => r.id);
    if (ids.length) break;
  }
  let series = db.selectFrom("series").select(["id", "slug", "name", "level"]).where("status", "=", "published");
  const byLevel = levels.length
    ? await series
        .where((eb) => eb.fn("lower", ["level"]), "in", levels)
        .orderBy("featured", "desc")
        .orderBy("name")
        .executeTakeFirst()
    : undefined;
  series = series.orderBy("featured", "desc").orderBy("name");
  return { ids, series: byLevel ?? (await series.executeTakeFirst()) ?? null };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Stores the quiz answers with their recommendations and points the member's results_url at them. */
export async function submitOnboarding(
  db: Db,
  clock: Clock,
  userId: string,
  answers: QuizAnswers,
): Promise<{ results_url: string }> {
  const { ids, series } = await recommend(db, answers);
  const row = await db
    .insertInto("onboarding_results")
    .values({
      user_id: userId,
      answers: JSON.stringify(answers),
      workout_ids: ids,
      series_id: series?.id ?? null,
      created_at: clock.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await updateAttribute<OnboardingAttribute>(db, clock, userId, "onboarding_results", () => ({ result_id: row.id }));
  return { results_url: resultsUrl(row.id) };
}

/** The attribute keeps the latest result's id; the URL is derived from it. */
interface OnboardingAttribute {
  result_id: string;
}

/** `{results_url}`, empty when the member never finished the quiz (the onboarding redirect's input). */
export async function readOnboardingResults(db: Db, userId: string): Promise<{ results_url: string }> {
  const attribute = await readAttribute<OnboardingAttribute>(db, userId, "onboarding_results");
  return { results_url: attribute?.result_id ? resultsUrl(attribute.result_id) : "" };
}

/** One of the member's own results (another member's is not found). */
export async function onboardingResult(db: Db, userId: string, id: string): Promise<OnboardingResult> {
  const row = await db
    .selectFrom("onboarding_results")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Onboarding result not found");
  const [workouts, series] = await Promise.all([
    workoutSummaries(db, row.workout_ids),
    row.series_id
      ? db
          .selectFrom("series")
          .select(["id", "slug", "name", "level"])
          .where("id", "=", row.series_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    id: row.id,
    results_url: resultsUrl(row.id),
    answers: row.answers as QuizAnswers,
    created_at: new Date(row.created_at).toISOString(),
    workouts: row.workout_ids.map((w) => workouts.get(w)).filter((w): w is WorkoutSummary => !!w),
    series: series ?? null,
  };
}
