import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { WORKOUT_STATUSES, type WorkoutStatus } from "../db/tables/catalogue.js";
import { badRequest, conflict, notFound, oneOrList } from "../errors.js";
import { recordAudit } from "./audit.js";
import type { Actor } from "./operator-access.js";
import { type Answer, strictObject } from "../schemas.js";
import {
  slugTaken,
  unknownReferences,
  workoutBodySchema,
  workoutFieldNames,
  workoutFieldSchemas,
} from "./workout-rules.js";
import type { FromSchema } from "json-schema-to-ts";
import { isoInZone, validZone } from "./zoned-time.js";

/** Every field of a workout a member sees, as the console edits it (the body of its create and replace). */
export type WorkoutFields = FromSchema<typeof workoutBodySchema>;

const string = { type: "string" } as const;
const nullableString = { type: ["string", "null"] } as const;

/**
 * A workout as the console shows it: its fields, state and release (the release instant of a scheduled workout, or
 * when a published one was released; the zone it was set in, and the release in that zone's wall time).
 */
export const adminWorkoutSchema = strictObject(
  {
    ...workoutFieldSchemas,
    name: string,
    id: string,
    status: { type: "string", enum: WORKOUT_STATUSES },
    release_at: nullableString,
    release_zone: nullableString,
    release_local: nullableString,
    created_at: string,
    updated_at: string,
  },
  [...workoutFieldNames, "id", "status", "release_at", "release_zone", "release_local", "created_at", "updated_at"],
);
export type AdminWorkout = Answer<typeof adminWorkoutSchema>;

export interface AdminWorkoutQuery {
  q?: string;
  status?: WorkoutStatus;
  limit: number;
  offset: number;
}

const LIST_COLUMNS = [
  "w.id",
  "w.slug",
  "w.name",
  "w.status",
  "w.type",
  "w.level",
  "w.release_at",
  "w.release_zone",
  "w.updated_at",
] as const;

/**
 * The catalogue as editors run it: workouts in any state (the library itself shows only published ones), created as
 * drafts, edited field by field, scheduled for a release at a wall time in a named zone, published, archived and
 * restored. Nothing is deleted. Every write records its before and after in the audit log, in its transaction; the
 * catalogue's triggers bump its version, so the search index and answer caches of every process follow.
 */
export class AdminWorkoutsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(query: AdminWorkoutQuery) {
    let q = this.db.selectFrom("workouts as w");
    if (query.status) q = q.where("w.status", "=", query.status);
    if (query.q?.trim()) {
      const words = `%${query.q
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([eb(eb.fn("lower", ["w.name"]), "like", words), eb("w.slug", "like", words), eb("w.id", "=", query.q!)]),
      );
    }
    const [rows, total] = await Promise.all([
      q
        .select(LIST_COLUMNS)
        .orderBy("w.updated_at", "desc")
        .orderBy("w.id")
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((r) => ({
        ...r,
        release_at: r.release_at?.toISOString() ?? null,
        updated_at: r.updated_at.toISOString(),
      })),
      total: Number(total.n),
    };
  }

  async get(id: string, db: Db = this.db): Promise<AdminWorkout> {
    const w = await db.selectFrom("workouts").selectAll().where("id", "=", id).executeTakeFirst();
    if (!w) throw notFound("Workout not found");
    const [trainers, categories, collections] = await Promise.all([
      db.selectFrom("workout_trainers").select("trainer_id").where("workout_id", "=", id).orderBy("position").execute(),
      db.selectFrom("workout_category_links").select("category_id").where("workout_id", "=", id).execute(),
      db.selectFrom("workout_collections").select("collection_id").where("workout_id", "=", id).execute(),
    ]);
    return {
      id: w.id,
      slug: w.slug,
      name: w.name,
      description: w.description,
      type: w.type,
      level: w.level,
      pacing: w.pacing,
      video_minutes: w.duration,
      equipment: w.equipment,
      focus: w.focus,
      benefits: w.benefits,
      strain: w.strain ?? [],
      poster_url: w.poster_url,
      breakdown: w.breakdown,
      trainer_ids: trainers.map((t) => t.trainer_id),
      category_ids: categories.map((c) => c.category_id).sort(),
      collection_ids: collections.map((c) => c.collection_id).sort(),
      status: w.status,
      release_at: w.release_at?.toISOString() ?? null,
      release_zone: w.release_zone,
      release_local: w.release_at && w.release_zone ? isoInZone(w.release_at, w.release_zone).slice(0, 16) : null,
      created_at: w.created_at.toISOString(),
      updated_at: w.updated_at.toISOString(),
    };
  }

  /** A new draft: in no listing until it is published. */
  async create(actor: Actor, fields: WorkoutFields): Promise<AdminWorkout> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await this.#checkReferences(trx, fields);
      const id = fields.slug;
      const taken = await trx
        .selectFrom("workouts")
        .select("id")
        .where((eb) => eb.or([eb("id", "=", id), eb("slug", "=", fields.slug)]))
        .executeTakeFirst();
      if (taken) throw conflict(slugTaken(fields.slug));
      await trx
        .insertInto("workouts")
        .values({
          id,
          ...columns(fields),
          status: "draft",
          start_date: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await writeLinks(trx, id, fields);
      const after = await this.get(id, trx);
      await recordAudit(trx, actor, now, {
        action: "workout.create",
        record: { type: "workout", id },
        before: null,
        after: snapshot(after),
      });
      return after;
    });
  }

  /** Replaces the workout's fields (the state and release stay). */
  async update(actor: Actor, id: string, fields: WorkoutFields): Promise<AdminWorkout> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      await this.#checkReferences(trx, fields);
      if (fields.slug !== before.slug) {
        const taken = await trx
          .selectFrom("workouts")
          .select("id")
          .where("slug", "=", fields.slug)
          .where("id", "<>", id)
          .executeTakeFirst();
        if (taken) throw conflict(slugTaken(fields.slug));
      }
      await trx
        .updateTable("workouts")
        .set({ ...columns(fields), ...(await uploadedLength(trx, id)), updated_at: now })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("workout_trainers").where("workout_id", "=", id).execute();
      await trx.deleteFrom("workout_category_links").where("workout_id", "=", id).execute();
      await trx.deleteFrom("workout_collections").where("workout_id", "=", id).execute();
      await writeLinks(trx, id, fields);
      const after = await this.get(id, trx);
      await recordAudit(trx, actor, now, {
        action: "workout.update",
        record: { type: "workout", id },
        before: snapshot(before),
        after: snapshot(after),
      });
      return after;
    });
  }

  /**
   * Releases a draft (or reschedules a scheduled workout) at `local` wall time (YYYY-MM-DDTHH:MM) in `zone`. The
   * instant must be in the future; the release job publishes it then, once, on whichever process runs the job.
   */
  async schedule(actor: Actor, id: string, local: string, zone: string): Promise<AdminWorkout> {
    if (!validZone(zone)) throw badRequest(`Unknown time zone "${zone}".`);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (before.status !== "draft" && before.status !== "scheduled")
        throw conflict(`Only a draft or a scheduled workout can be scheduled; this one is ${before.status}.`);
      const { rows } = await sql<{ at: Date }>`select (${local}::timestamp at time zone ${zone}) as at`.execute(trx);
      const at = rows[0]!.at; // one row
      if (at.getTime() <= now.getTime()) throw badRequest("The release time is in the past: choose a later time.");
      return this.#transition(trx, actor, before, "workout.schedule", {
        status: "scheduled",
        release_at: at,
        release_zone: zone,
      });
    });
  }

  /** Publishes a draft or a scheduled workout now: it is in the library, newest, at once. */
  async publish(actor: Actor, id: string): Promise<AdminWorkout> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (before.status === "published") return before;
      if (before.status === "archived") throw conflict("An archived workout is restored, not published.");
      return this.#transition(trx, actor, before, "workout.publish", {
        status: "published",
        release_at: now,
        start_date: now,
      });
    });
  }

  /** Back to a draft: a scheduled release is called off. */
  async unschedule(actor: Actor, id: string): Promise<AdminWorkout> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (before.status !== "scheduled") throw conflict("Only a scheduled workout can go back to a draft.");
      return this.#transition(trx, actor, before, "workout.unschedule", {
        status: "draft",
        release_at: null,
        release_zone: null,
      });
    });
  }

  /**
   * Out of the library (search, listings, facets, "New this week"), never out of members' lives: the workout still
   * resolves by id and slug, so history, favourites, series and calendars that list it keep working.
   */
  async archive(actor: Actor, id: string): Promise<AdminWorkout> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (before.status === "archived") return before;
      if (before.status !== "published") throw conflict("Only a published workout is archived; a draft stays a draft.");
      return this.#transition(trx, actor, before, "workout.archive", { status: "archived" });
    });
  }

  /** Back in the library, where it was (its release date is kept). */
  async restore(actor: Actor, id: string): Promise<AdminWorkout> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (before.status !== "archived") throw conflict("Only an archived workout can be restored.");
      return this.#transition(trx, actor, before, "workout.restore", { status: "published" });
    });
  }

  /**
   * Publishes every scheduled workout whose release time has come, in one transaction (the release job calls it
   * under the job lock; the row locks make a second caller find nothing to do). Answers the ids released.
   */
  async releaseDue(actor: Actor): Promise<string[]> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("workouts")
        .select("id")
        .where("status", "=", "scheduled")
        .where("release_at", "<=", now)
        .orderBy("release_at")
        .orderBy("id")
        .forUpdate()
        .skipLocked()
        .execute();
      for (const { id } of due) {
        const before = await this.get(id, trx);
        const at = new Date(before.release_at!); // scheduled rows have one (workouts_scheduled_release)
        await this.#transition(trx, actor, before, "workout.release", { status: "published", start_date: at });
      }
      return due.map((d) => d.id);
    });
  }

  async #lock(trx: Db, id: string): Promise<AdminWorkout> {
    const row = await trx.selectFrom("workouts").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row) throw notFound("Workout not found");
    return this.get(id, trx);
  }

  async #transition(
    trx: Db,
    actor: Actor,
    before: AdminWorkout,
    action: string,
    set: { status: WorkoutStatus; release_at?: Date | null; release_zone?: string | null; start_date?: Date },
  ): Promise<AdminWorkout> {
    const now = this.clock.now();
    await trx
      .updateTable("workouts")
      .set({ ...set, updated_at: now })
      .where("id", "=", before.id)
      .execute();
    const after = await this.get(before.id, trx);
    await recordAudit(trx, actor, now, {
      action,
      record: { type: "workout", id: before.id },
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  }

  /** Unknown trainers, categories or collections are refused by name, before anything is written. */
  async #checkReferences(trx: Db, fields: WorkoutFields) {
    const problems = await unknownReferences(trx, fields);
    if (problems.length) throw badRequest(oneOrList(problems));
  }
}

/** The values the audit log keeps of a workout (timestamps of the row itself left out: they always change). */
export function snapshot(w: AdminWorkout): Record<string, unknown> {
  const { created_at: _created, updated_at: _updated, ...rest } = w;
  return rest;
}

export function columns(f: WorkoutFields) {
  return {
    slug: f.slug,
    name: f.name,
    description: f.description,
    type: f.type,
    level: f.level,
    pacing: f.pacing,
    duration: f.video_minutes,
    video_duration: f.video_minutes * 60,
    equipment: f.equipment,
    focus: f.focus,
    benefits: f.benefits,
    strain: f.strain,
    poster_url: f.poster_url,
    breakdown: JSON.stringify(f.breakdown),
  };
}

/** A workout with a transcoded upload keeps the video's own length, whatever the form says. */
async function uploadedLength(trx: Db, id: string) {
  const video = await trx
    .selectFrom("video_assets")
    .select("duration_seconds")
    .where("workout_id", "=", id)
    .where("status", "=", "ready")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!video) return {};
  const seconds = Number(video.duration_seconds);
  return { duration: Math.max(1, Math.round(seconds / 60)), video_duration: Math.round(seconds) };
}

export async function writeLinks(trx: Db, id: string, f: WorkoutFields) {
  const unique = (ids: string[]) => [...new Set(ids)];
  if (f.trainer_ids.length)
    await trx
      .insertInto("workout_trainers")
      .values(unique(f.trainer_ids).map((trainer_id, position) => ({ workout_id: id, trainer_id, position })))
      .execute();
  if (f.category_ids.length)
    await trx
      .insertInto("workout_category_links")
      .values(unique(f.category_ids).map((category_id) => ({ workout_id: id, category_id })))
      .execute();
  if (f.collection_ids.length)
    await trx
      .insertInto("workout_collections")
      .values(unique(f.collection_ids).map((collection_id) => ({ workout_id: id, collection_id })))
      .execute();
}
