import { createHash } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { conflict, notFound } from "../errors.js";
import { type Answer, exactObject, named } from "../schemas.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const percentSchema = { type: "integer", minimum: 0, maximum: 100, description: "Percent done, 0-100" } as const;
/** One enrolment as the contract names it: what enrol, pause, resume, leave and the member's list answer. */
const enrollmentSchema = exactObject({
  user_id: string,
  series_id: string,
  started_at: { type: ["string", "null"] },
  completed_at: { type: ["string", "null"] },
  status: { type: "string", enum: ["not_started", "enrolled", "in_progress", "completed"] },
  series_detail: exactObject({
    id: string,
    slug: string,
    name: string,
    description: string,
    level: string,
    image_url: string,
    total: integer,
  }),
  progress_summary: exactObject({
    total_progress: percentSchema,
    completed: integer,
    total: integer,
    chapter_progress: {
      type: "array",
      items: exactObject({
        chapter: integer,
        title: string,
        completed: integer,
        total: integer,
        progress: percentSchema,
      }),
    },
  }),
  series_state: exactObject({
    workouts: {
      type: "array",
      items: exactObject({
        workout_id: string,
        position: integer,
        chapter: integer,
        status: { type: "string", enum: ["completed", "not_started"] },
        completed_at: { type: ["string", "null"] },
      }),
    },
  }),
  paused: { type: "boolean" },
  paused_at: { type: ["string", "null"] },
  next_workout: {
    ...exactObject({ workout_id: string, position: integer, chapter: integer }),
    type: ["object", "null"],
    description: "The first item not started yet; null when all are done or the member is not enrolled",
  },
  fingerprint: exactObject({ hashcode: string, calculated_at: string }),
});
export const SeriesEnrollment = named("SeriesEnrollment", enrollmentSchema);
export type SeriesEnrollment = Answer<typeof enrollmentSchema>;
type SeriesStatus = SeriesEnrollment["status"];

const percent = (completed: number, total: number) => (total ? Math.round((completed / total) * 100) : 0);

/** Finds a series by id or slug (clients hold either), or 404. */
async function findSeries(db: Db, idOrSlug: string) {
  const series = await db
    .selectFrom("series")
    .select(["id", "slug", "name", "description", "level", "image_url"])
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .executeTakeFirst();
  if (!series) throw notFound(`Series ${idOrSlug} not found`);
  return series;
}

/**
 * A member's state in one series: an item is completed when the member completed its workout (from anywhere in the
 * app) while enrolled; leaving deletes the enrolment and its progress.
 */
async function seriesEnrollment(db: Db, clock: Clock, userId: string, seriesId: string): Promise<SeriesEnrollment> {
  const series = await findSeries(db, seriesId);
  const [items, enrolment, pause] = await Promise.all([
    db
      .selectFrom("series_items")
      .select(["workout_id", "position", "chapter", "chapter_title"])
      .where("series_id", "=", series.id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("series_enrollments")
      .select("started_at")
      .where("user_id", "=", userId)
      .where("series_id", "=", series.id)
      .executeTakeFirst(),
    db
      .selectFrom("series_pauses")
      .select("paused_at")
      .where("user_id", "=", userId)
      .where("series_id", "=", series.id)
      .where("resumed_at", "is", null)
      .executeTakeFirst(),
  ]);
  const done = new Map<string, Date>();
  if (enrolment) {
    const rows = await db
      .selectFrom("series_progress")
      .select(["workout_id", "completed_at"])
      .where("user_id", "=", userId)
      .where("series_id", "=", series.id)
      .execute();
    for (const r of rows) done.set(r.workout_id, new Date(r.completed_at));
  }

  const workouts = items.map((i) => {
    const at = done.get(i.workout_id);
    return {
      workout_id: i.workout_id,
      position: i.position,
      chapter: i.chapter,
      status: at ? ("completed" as const) : ("not_started" as const),
      completed_at: at?.toISOString() ?? null,
    };
  });
  const completedCount = workouts.filter((w) => w.status === "completed").length;
  const chapters = [...new Map(items.map((i) => [i.chapter, i.chapter_title])).entries()].sort(([a], [b]) => a - b);
  const allDone = !!enrolment && items.length > 0 && completedCount === items.length;
  const status: SeriesStatus = !enrolment
    ? "not_started"
    : allDone
      ? "completed"
      : completedCount
        ? "in_progress"
        : "enrolled";
  const completedAt = allDone
    ? new Date(Math.max(...workouts.map((w) => Date.parse(w.completed_at!)))).toISOString()
    : null;
  const next = enrolment ? workouts.find((w) => w.status === "not_started") : undefined;
  const state = { workouts };
  // Read apart from the enrolment: a pause row of a just-deleted enrolment is gone with it (its foreign key).
  const pausedAt = enrolment && pause ? new Date(pause.paused_at).toISOString() : null;

  return {
    user_id: userId,
    series_id: series.id,
    started_at: enrolment ? new Date(enrolment.started_at).toISOString() : null,
    completed_at: completedAt,
    status,
    series_detail: { ...series, total: items.length },
    progress_summary: {
      total_progress: percent(completedCount, items.length),
      completed: completedCount,
      total: items.length,
      chapter_progress: chapters.map(([chapter, title]) => {
        const of = workouts.filter((w) => w.chapter === chapter);
        const completed = of.filter((w) => w.status === "completed").length;
        return { chapter, title, completed, total: of.length, progress: percent(completed, of.length) };
      }),
    },
    series_state: state,
    paused: !!pausedAt,
    paused_at: pausedAt,
    next_workout: next ? { workout_id: next.workout_id, position: next.position, chapter: next.chapter } : null,
    // Lets a client tell whether its cached copy of this state is stale.
    fingerprint: {
      hashcode: createHash("sha1")
        .update(JSON.stringify([status, enrolment?.started_at, pausedAt, state]))
        .digest("hex"),
      calculated_at: clock.now().toISOString(),
    },
  };
}

/** Advances every series the member is enrolled in that lists this workout (called when a session completes). */
export async function recordSeriesProgress(db: Db, userId: string, workoutId: string, at: Date): Promise<void> {
  await db
    .insertInto("series_progress")
    .columns(["user_id", "series_id", "workout_id", "completed_at"])
    .expression((eb) =>
      eb
        .selectFrom("series_enrollments as e")
        .where("e.user_id", "=", userId)
        .where((w) =>
          w.exists(
            w
              .selectFrom("series_items as i")
              .select("i.series_id")
              .whereRef("i.series_id", "=", "e.series_id")
              .where("i.workout_id", "=", workoutId),
          ),
        )
        .select((s) => ["e.user_id", "e.series_id", s.val(workoutId).as("workout_id"), s.val(at).as("completed_at")])
        // A leave committing meanwhile drops its row from this read instead of failing the foreign key.
        .forShare(),
    )
    .onConflict((oc) => oc.columns(["user_id", "series_id", "workout_id"]).doNothing())
    .execute();
}

/** Joins a series; joining again keeps the original start (and its progress). */
export async function enrollInSeries(
  db: Db,
  clock: Clock,
  userId: string,
  seriesId: string,
): Promise<SeriesEnrollment> {
  const series = await findSeries(db, seriesId);
  await db
    .insertInto("series_enrollments")
    .values({ user_id: userId, series_id: series.id, started_at: clock.now() })
    .onConflict((oc) => oc.columns(["user_id", "series_id"]).doNothing())
    .execute();
  return seriesEnrollment(db, clock, userId, series.id);
}

/**
 * Pauses the member's series ("vacation"): progress is kept, the series shows as paused until resumed. The enrolment
 * row is locked for the read-decide-write, so racing pauses and resumes of one series are decided one at a time
 * (the open-pause unique index backs that up). Not enrolled (another member's enrolment included) → 404; already
 * paused or already completed → 409.
 */
export async function pauseSeries(db: Db, clock: Clock, userId: string, seriesId: string): Promise<SeriesEnrollment> {
  const series = await findSeries(db, seriesId);
  await db.transaction().execute(async (trx) => {
    await lockedEnrolment(trx, userId, series);
    const open = await openPause(trx, userId, series.id);
    if (open) throw conflict(`${series.name} is already paused`);
    // Completed: every item of the series done (as seriesEnrollment counts it).
    const { total, done } = await trx
      .selectFrom("series_items as i")
      .leftJoin("series_progress as p", (j) =>
        j
          .onRef("p.series_id", "=", "i.series_id")
          .onRef("p.workout_id", "=", "i.workout_id")
          .on("p.user_id", "=", userId),
      )
      .select((eb) => [eb.fn.countAll<string>().as("total"), eb.fn.count<string>("p.workout_id").as("done")])
      .where("i.series_id", "=", series.id)
      .executeTakeFirstOrThrow();
    if (Number(total) > 0 && Number(done) >= Number(total)) {
      throw conflict(`${series.name} is already completed: there is nothing to pause`);
    }
    await trx
      .insertInto("series_pauses")
      .values({ user_id: userId, series_id: series.id, paused_at: clock.now() })
      .execute();
  });
  return seriesEnrollment(db, clock, userId, series.id);
}

/** Resumes the member's paused series where it stood. Not enrolled → 404; not paused → 409. */
export async function resumeSeries(db: Db, clock: Clock, userId: string, seriesId: string): Promise<SeriesEnrollment> {
  const series = await findSeries(db, seriesId);
  await db.transaction().execute(async (trx) => {
    await lockedEnrolment(trx, userId, series);
    const open = await openPause(trx, userId, series.id);
    if (!open) throw conflict(`${series.name} is not paused`);
    await trx.updateTable("series_pauses").set({ resumed_at: clock.now() }).where("id", "=", open.id).execute();
  });
  return seriesEnrollment(db, clock, userId, series.id);
}

async function lockedEnrolment(trx: Db, userId: string, series: { id: string; name: string }) {
  const enrolment = await trx
    .selectFrom("series_enrollments")
    .select("started_at")
    .where("user_id", "=", userId)
    .where("series_id", "=", series.id)
    .forUpdate()
    .executeTakeFirst();
  if (!enrolment) throw notFound(`You are not enrolled in ${series.name}`);
  return enrolment;
}

const openPause = (trx: Db, userId: string, seriesId: string) =>
  trx
    .selectFrom("series_pauses")
    .select("id")
    .where("user_id", "=", userId)
    .where("series_id", "=", seriesId)
    .where("resumed_at", "is", null)
    .executeTakeFirst();

/** Leaves a series (a no-op when not enrolled); progress and pauses are discarded. */
export async function leaveSeries(db: Db, clock: Clock, userId: string, seriesId: string): Promise<SeriesEnrollment> {
  const series = await findSeries(db, seriesId);
  await db.deleteFrom("series_enrollments").where("user_id", "=", userId).where("series_id", "=", series.id).execute();
  return seriesEnrollment(db, clock, userId, series.id);
}

/** The member's enrolments, oldest first; activeOnly leaves out completed series. */
export async function memberSeries(
  db: Db,
  clock: Clock,
  userId: string,
  activeOnly: boolean,
): Promise<SeriesEnrollment[]> {
  const rows = await db
    .selectFrom("series_enrollments")
    .select("series_id")
    .where("user_id", "=", userId)
    .orderBy("started_at")
    .orderBy("series_id")
    .execute();
  const all = await Promise.all(rows.map((r) => seriesEnrollment(db, clock, userId, r.series_id)));
  // An enrolment deleted between the two reads (a concurrent leave) answers not_started: leave it out.
  return all.filter((s) => s.status !== "not_started" && (!activeOnly || s.status !== "completed"));
}
