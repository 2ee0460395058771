import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { checkWebVtt } from "../media/webvtt.js";
import { recordAudit } from "./audit.js";
import type { Actor } from "./operator-access.js";

/** A workout's video as the console shows it: the newest upload's state and the caption languages. */
export interface WorkoutVideoState {
  asset: {
    id: string;
    status: "queued" | "transcoding" | "ready" | "failed";
    progress: number;
    attempts: number;
    error: string | null;
    duration_seconds: number;
    width: number;
    height: number;
    renditions: number[];
    created_at: string;
  } | null;
  captions: { lang: string; updated_at: string }[];
  /**
   * Mux: whether this server hands out Direct Upload URLs (Mux's API configured), and the playback id Mux's
   * video.asset.ready webhook last mapped the workout to, with when (null until then).
   */
  mux: { uploads: boolean; playback_id: string | null; ready_at: string | null };
}

/** The console's view of a workout's uploaded video and its captions, and the captions' upload. */
export class AdminVideoService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async state(workoutId: string, muxUploads = false): Promise<WorkoutVideoState> {
    await this.#workout(this.db, workoutId);
    const [asset, captions, mux] = await Promise.all([
      this.db
        .selectFrom("video_assets")
        .selectAll()
        .where("workout_id", "=", workoutId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .executeTakeFirst(),
      this.db
        .selectFrom("workout_captions")
        .select(["lang", "updated_at"])
        .where("workout_id", "=", workoutId)
        .orderBy("lang")
        .execute(),
      this.db
        .selectFrom("workout_videos")
        .select(["mux_playback_id", "created_at"])
        .where("workout_id", "=", workoutId)
        .executeTakeFirst(),
    ]);
    return {
      asset: asset
        ? {
            id: asset.id,
            status: asset.status,
            progress: asset.progress,
            attempts: asset.attempts,
            error: asset.error,
            duration_seconds: Number(asset.duration_seconds),
            width: asset.width,
            height: asset.height,
            renditions: asset.renditions,
            created_at: asset.created_at.toISOString(),
          }
        : null,
      captions: captions.map((c) => ({ lang: c.lang, updated_at: c.updated_at.toISOString() })),
      mux: {
        uploads: muxUploads,
        playback_id: mux?.mux_playback_id ?? null,
        ready_at: mux ? new Date(mux.created_at).toISOString() : null,
      },
    };
  }

  /**
   * Stores a language's WebVTT captions after checking them (encoding, header, cue timing, within the video's
   * duration: the ready upload's, else the workout's catalogued length); broken ones are refused naming the line.
   */
  async putCaptions(actor: Actor, workoutId: string, lang: string, vtt: string) {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const workout = await this.#workout(trx, workoutId, true);
      const ready = await trx
        .selectFrom("video_assets")
        .select("duration_seconds")
        .where("workout_id", "=", workoutId)
        .where("status", "=", "ready")
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      const duration = ready ? Number(ready.duration_seconds) : workout.video_duration || undefined;
      const checked = checkWebVtt(vtt, duration);
      if ("problems" in checked)
        throw badRequest(checked.problems.length === 1 ? checked.problems[0]! : checked.problems);
      const before = await trx
        .selectFrom("workout_captions")
        .select(["vtt"])
        .where("workout_id", "=", workoutId)
        .where("lang", "=", lang)
        .executeTakeFirst();
      await trx
        .insertInto("workout_captions")
        .values({ workout_id: workoutId, lang, vtt: checked.text, updated_at: now })
        .onConflict((oc) => oc.columns(["workout_id", "lang"]).doUpdateSet({ vtt: checked.text, updated_at: now }))
        .execute();
      await recordAudit(trx, actor, now, {
        action: "captions.put",
        record: { type: "workout", id: workoutId },
        before: before ? { lang, vtt: before.vtt } : null,
        after: { lang, vtt: checked.text },
      });
      return { lang, updated_at: now.toISOString() };
    });
  }

  async #workout(db: Db, id: string, lock = false) {
    let q = db.selectFrom("workouts").select(["id", "video_duration"]).where("id", "=", id);
    if (lock) q = q.forUpdate();
    const workout = await q.executeTakeFirst();
    if (!workout) throw notFound("Workout not found");
    return workout;
  }
}
