import Mux from "@mux/mux-node";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, HttpError, notFound } from "../errors.js";
import { recordAudit } from "../services/audit.js";
import { SYSTEM, type Actor } from "../services/operator-access.js";
import type { MuxApiSettings } from "./settings.js";

/** What fitkit reads of Mux's `video.asset.ready` event. */
interface AssetReady {
  id: string;
  type: string;
  data?: {
    id?: string;
    passthrough?: string;
    duration?: number;
    playback_ids?: { id: string; policy: string }[];
  };
}

/**
 * Video through Mux's API: the console asks for a Direct Upload URL (the browser sends the file to Mux itself, the
 * workout's id travelling as the asset's `passthrough`), and Mux's `video.asset.ready` webhook, verified by its
 * `mux-signature` and handled once per event id, maps the workout to the asset's signed playback id and sets its
 * duration. Playback then goes through the Mux provider (URL signing keys).
 */
export class MuxVideoApi {
  private readonly mux: Mux;

  constructor(private readonly deps: { db: Db; clock: Clock; settings: MuxApiSettings; publicUrl: string }) {
    const { tokenId, tokenSecret, webhookSecret, baseUrl } = deps.settings;
    this.mux = new Mux({ tokenId, tokenSecret, webhookSecret, baseURL: baseUrl, maxRetries: 1 });
  }

  /** A Direct Upload URL for one workout's video (the browser PUTs the file there), audited. */
  async directUpload(actor: Actor, workoutId: string): Promise<{ upload_id: string; url: string }> {
    const { db, clock, publicUrl } = this.deps;
    const workout = await db.selectFrom("workouts").select("id").where("id", "=", workoutId).executeTakeFirst();
    if (!workout) throw notFound("Workout not found");
    let upload: { id: string; url?: string | undefined };
    try {
      upload = await this.mux.video.uploads.create({
        cors_origin: publicUrl,
        new_asset_settings: { playback_policies: ["signed"], passthrough: workoutId },
      });
    } catch (error) {
      throw new HttpError(502, `Mux did not give an upload URL: ${(error as Error).message}`);
    }
    const url = upload.url;
    if (!url) throw new HttpError(502, "Mux did not give an upload URL.");
    const now = clock.now();
    await db.transaction().execute((trx) =>
      recordAudit(trx, actor, now, {
        action: "video.mux_upload",
        record: { type: "workout", id: workoutId },
        before: null,
        after: { mux_upload: upload.id },
      }),
    );
    return { upload_id: upload.id, url };
  }

  /**
   * One webhook delivery: refused (400) unless its `mux-signature` verifies against the body as sent; an event id
   * seen before changes nothing. Answers whether the event was new.
   */
  async webhook(body: string, headers: Record<string, string | string[] | undefined>): Promise<{ duplicate: boolean }> {
    let event: AssetReady;
    try {
      event = (await this.mux.webhooks.unwrap(body, headers)) as unknown as AssetReady;
    } catch (error) {
      throw badRequest(`The webhook is not signed by Mux: ${(error as Error).message}`);
    }
    if (typeof event.id !== "string" || typeof event.type !== "string")
      throw badRequest("The webhook has no event id.");
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("mux_webhook_events")
        .values({ id: event.id, type: event.type, received_at: now })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return { duplicate: true };
      if (event.type !== "video.asset.ready") return { duplicate: false };
      const data = event.data ?? {};
      const playback = data.playback_ids?.find((p) => p.policy === "signed") ?? data.playback_ids?.[0];
      const workoutId = data.passthrough;
      const workout = workoutId
        ? await trx
            .selectFrom("workouts")
            .select(["id", "duration", "video_duration"])
            .where("id", "=", workoutId)
            .forUpdate()
            .executeTakeFirst()
        : undefined;
      // An asset made outside the console (no workout in its passthrough) is recorded as seen and left alone.
      if (!workout || !playback || !/^[A-Za-z0-9]{1,128}$/.test(playback.id)) return { duplicate: false };
      const seconds = typeof data.duration === "number" && data.duration > 0 ? data.duration : undefined;
      const before = await trx
        .selectFrom("workout_videos")
        .select("mux_playback_id")
        .where("workout_id", "=", workout.id)
        .executeTakeFirst();
      await trx
        .insertInto("workout_videos")
        .values({ workout_id: workout.id, mux_playback_id: playback.id, created_at: now })
        .onConflict((oc) => oc.column("workout_id").doUpdateSet({ mux_playback_id: playback.id, created_at: now }))
        .execute();
      const durations = seconds
        ? { duration: Math.max(1, Math.round(seconds / 60)), video_duration: Math.round(seconds) }
        : {};
      if (seconds)
        await trx
          .updateTable("workouts")
          .set({ ...durations, updated_at: now })
          .where("id", "=", workout.id)
          .execute();
      await recordAudit(trx, SYSTEM, now, {
        action: "video.mux_ready",
        record: { type: "workout", id: workout.id },
        before: {
          mux_playback_id: before?.mux_playback_id ?? null,
          duration: workout.duration,
          video_duration: workout.video_duration,
        },
        after: { mux_playback_id: playback.id, mux_asset: data.id ?? null, ...durations },
      });
      return { duplicate: false };
    });
  }
}
