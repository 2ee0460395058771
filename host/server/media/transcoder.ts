import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createReadStream } from "node:fs";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { IntervalJob } from "../jobs/interval-job.js";
import { recordAudit } from "../services/audit.js";
import { SYSTEM } from "../services/operator-access.js";
import { transcodeHls } from "./ffmpeg.js";
import type { MediaSettings } from "./settings.js";
import type { MediaStorage } from "./storage/index.js";

/** Tries per asset: the first, and one retry. */
const TRANSCODE_ATTEMPTS = 2;
/** A claim whose heartbeat is older than this belongs to a process that stopped: another one takes it over. */
const STALE_MS = 60_000;
/** How often a transcode in progress writes its progress (and so its heartbeat). */
const PROGRESS_EVERY_MS = 1000;
/** How often queued work is looked for when nothing wakes the worker. */
const POLL_MS = 5000;

export const videoPrefix = (assetId: string) => `videos/${assetId}`;

export interface TranscoderDeps {
  db: Db;
  clock: Clock;
  storage: MediaStorage;
  settings: MediaSettings;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/**
 * The local provider's transcoding job: takes queued video assets one at a time (per process; several processes
 * share the queue through row locks), transcodes each to the HLS ladder with a poster, stores the files under
 * `videos/{asset}/`, and marks it ready, setting its workout's duration from the video. The state lives in
 * `video_assets`, so a restart picks up what was queued, and a claim whose process stopped (no heartbeat for a minute)
 * is taken over. A failed attempt is retried once, then the asset shows as failed with the reason.
 */
export class VideoTranscoder {
  #stopped = false;
  readonly #abort = new AbortController();
  /** Looks for work at start, POLL_MS after each pass, and when woken. */
  readonly #job = new IntervalJob({
    work: () => this.drain(),
    delay: () => POLL_MS,
    runAtStart: true,
    onError: (err: unknown) => this.deps.log.error({ err }, "video transcoding failed"),
  });

  constructor(private readonly deps: TranscoderDeps) {}

  start() {
    this.#job.start();
  }

  /** Stops looking for work and waits for the transcode in progress (ffmpeg is not cut off mid-file). */
  async stop() {
    this.#stopped = true;
    this.#abort.abort();
    await this.#job.stop();
  }

  /** Looks for work now (a finished upload calls it); a pass in progress looks again when it ends. */
  wake() {
    this.#job.wake();
  }

  /** Transcodes queued assets, one at a time, until none is left (tests call it directly). */
  async drain(): Promise<void> {
    for (let id = await this.#claim(); id; id = this.#stopped ? undefined : await this.#claim())
      await this.#transcode(id);
  }

  /** Claims the oldest queued asset (or one whose transcoding process stopped); answers its id. */
  async #claim(): Promise<string | undefined> {
    const now = this.deps.clock.now();
    const stale = new Date(now.getTime() - STALE_MS);
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("video_assets")
        .select(["id", "attempts", "status"])
        .where((eb) =>
          eb.or([
            eb("status", "=", "queued"),
            eb.and([eb("status", "=", "transcoding"), eb("heartbeat_at", "<", stale)]),
          ]),
        )
        .orderBy("created_at")
        .orderBy("id")
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.attempts >= TRANSCODE_ATTEMPTS) {
        // Taken over after its last attempt's process stopped: that was the retry.
        await trx
          .updateTable("video_assets")
          .set({ status: "failed", error: "Transcoding stopped twice before it finished.", updated_at: now })
          .where("id", "=", row.id)
          .execute();
        return this.#claim();
      }
      await trx
        .updateTable("video_assets")
        .set({ status: "transcoding", attempts: row.attempts + 1, progress: 0, heartbeat_at: now, updated_at: now })
        .where("id", "=", row.id)
        .execute();
      return row.id;
    });
  }

  async #transcode(id: string) {
    const { db, storage, settings, clock, log } = this.deps;
    const asset = await db.selectFrom("video_assets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const out = await mkdtemp(join(tmpdir(), "fitkit-hls-"));
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    try {
      const copy = await storage.localCopy(asset.source_key);
      if (!copy) throw new Error("The uploaded file is missing from storage.");
      let renditions: number[];
      try {
        renditions = await transcodeHls(
          settings.ffmpeg,
          copy.path,
          out,
          {
            duration: Number(asset.duration_seconds),
            width: asset.width,
            height: asset.height,
            hasAudio: asset.has_audio,
          },
          (progress) => {
            if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
            lastWrite = Date.now();
            writing = writing.then(() =>
              db
                .updateTable("video_assets")
                .set({ progress, heartbeat_at: clock.now() })
                .where("id", "=", id)
                .where("status", "=", "transcoding")
                .execute(),
            );
          },
          this.#abort.signal,
        );
      } finally {
        await copy.release();
      }
      await writing;
      for (const file of await listFiles(out)) {
        await storage.put(`${videoPrefix(id)}/${relative(out, file).split("\\").join("/")}`, createReadStream(file));
      }
      await this.#ready(id, asset.workout_id, Number(asset.duration_seconds), renditions);
      await storage.deleteUpload(id);
      log.info({ asset: id, workout: asset.workout_id, renditions }, "video transcoded");
    } catch (error) {
      await writing.catch(() => undefined);
      await storage.deleteAll(videoPrefix(id)).catch(() => undefined);
      if (this.#stopped) {
        // The server is stopping, not the video failing: back in the queue as it was, for the next start.
        await db
          .updateTable("video_assets")
          .set({
            status: "queued",
            attempts: asset.attempts - 1,
            progress: 0,
            heartbeat_at: null,
            updated_at: clock.now(),
          })
          .where("id", "=", id)
          .execute();
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      // `attempts` counts this one: claimed before the row was read.
      const retry = asset.attempts < TRANSCODE_ATTEMPTS;
      await db
        .updateTable("video_assets")
        .set({
          status: retry ? "queued" : "failed",
          error: reason.slice(0, 1000),
          progress: 0,
          updated_at: clock.now(),
        })
        .where("id", "=", id)
        .execute();
      log.error({ asset: id, err: error, retry }, "video transcoding attempt failed");
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }

  /** Ready: the asset plays, and its workout's duration is the video's (audited as the system's write). */
  async #ready(id: string, workoutId: string, seconds: number, renditions: number[]) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("workouts")
        .select(["duration", "video_duration"])
        .where("id", "=", workoutId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const after = { duration: Math.max(1, Math.round(seconds / 60)), video_duration: Math.round(seconds) };
      await trx
        .updateTable("workouts")
        .set({ ...after, updated_at: now })
        .where("id", "=", workoutId)
        .execute();
      await trx
        .updateTable("video_assets")
        .set({ status: "ready", progress: 100, renditions, heartbeat_at: null, updated_at: now })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, SYSTEM, now, {
        action: "video.ready",
        record: { type: "workout", id: workoutId },
        before,
        after: { ...after, video_asset: id, renditions },
      });
    });
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
