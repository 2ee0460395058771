import { Readable } from "node:stream";
import { Server, type DataStore, type Upload } from "@tus/server";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { errorBody } from "../errors.js";
import { recordAudit } from "../services/audit.js";
import type { Actor } from "../services/operator-access.js";
import { probeVideo } from "./ffmpeg.js";
import type { MediaSettings } from "./settings.js";
import type { MediaStorage } from "./storage/index.js";
import { SNIFF_BYTES, sniffVideo } from "./video-type.js";

/** A refusal inside the tus server: its status and a body in the contract's error shape. */
const refusal = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify(errorBody(status, message)),
});

const UPLOAD_ID = /^[a-f0-9]{32}$/;
/** How long an unfinished upload can be resumed: a week of an editor's dropped connections and closed laptops. */
const UNFINISHED_UPLOAD_MS = 7 * 24 * 3600_000;

/**
 * Refuses a write whose first bytes are not a video container's (sniffed, not named): the upload is removed at once,
 * so nothing of it is left. Later writes (past the first bytes) go straight through.
 */
function sniffingWrites(store: DataStore, storage: MediaStorage): DataStore {
  const write = store.write.bind(store);
  store.write = async (readable, id, offset) => {
    if (offset >= SNIFF_BYTES) return write(readable, id, offset);
    const stored = offset > 0 ? ((await storage.unfinishedUploadStart(id)) ?? Buffer.alloc(0)) : Buffer.alloc(0);
    const iterator = readable[Symbol.asyncIterator]();
    const head: Buffer[] = [stored];
    let length = stored.length;
    let done = false;
    while (length < SNIFF_BYTES && !done) {
      const next = await iterator.next();
      if (next.done) done = true;
      else {
        head.push(next.value as Buffer);
        length += (next.value as Buffer).length;
      }
    }
    // Too few bytes to tell yet: written, and checked on the next write (or refused by ffprobe when it is all).
    if (length >= SNIFF_BYTES && !sniffVideo(Buffer.concat(head))) {
      await store.remove(id).catch(() => undefined);
      await storage.deleteUpload(id);
      throw refusal(415, "This file is not a video: upload an MP4, MOV, WebM or MKV file.");
    }
    const received = head.slice(1);
    const rest = Readable.from(
      (async function* () {
        yield* received;
        if (!done) for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      })(),
    );
    return write(rest, id, offset);
  };
  return store;
}

export interface VideoUploadsDeps {
  db: Db;
  clock: Clock;
  storage: MediaStorage;
  settings: MediaSettings;
  /** Told when a finished upload is queued for transcoding. */
  onQueued: (assetId: string) => void;
}

/**
 * The console's resumable video uploads (tus 1.0 at `/admin/v1/uploads`, @tus/server over the media storage's upload
 * store). An upload names its workout (metadata `workoutId`) and its size up front, within the configured limit; its
 * first bytes must be a video container's; when the last byte arrives ffprobe must read it as a video (a truncated
 * or broken file is refused and removed). A finished upload becomes a queued video asset of its workout, audited.
 * Callers are checked by the route (admins and editors); `handle` takes their identity with the request.
 */
export class VideoUploads {
  readonly server: Server;
  private readonly actors = new WeakMap<Request, Actor>();

  constructor(
    private readonly deps: VideoUploadsDeps,
    path: string,
  ) {
    const store = sniffingWrites(deps.storage.uploadStore(UNFINISHED_UPLOAD_MS), deps.storage);
    this.server = new Server({
      path,
      datastore: store,
      maxSize: deps.settings.uploadMaxBytes,
      // Behind a proxy the Host header may not be the public one: a relative Location resolves against the request.
      relativeLocation: true,
      getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID.test(last) ? last : undefined),
      onUploadCreate: (req, upload) => this.#checkCreate(upload),
      onUploadFinish: async (req, upload) => {
        await this.#finish(req, upload);
        return {};
      },
      onResponseError: (_req, error) => {
        if ("status_code" in error) {
          const body = error.body.trim();
          return body.startsWith("{") ? error : refusal(error.status_code, tusMessage(error.status_code, body));
        }
        return undefined;
      },
    });
  }

  /** Removes unfinished uploads past their expiry; answers how many. */
  removeExpired(): Promise<number> {
    return this.server.cleanUpExpiredUploads();
  }

  /** Answers one tus request (the route has checked the caller). */
  async handle(request: Request, actor: Actor): Promise<Response> {
    this.actors.set(request, actor);
    return this.server.handleWeb(request);
  }

  async #checkCreate(upload: Upload) {
    const workoutId = upload.metadata?.workoutId;
    if (!workoutId) throw refusal(400, "Name the workout the video is for (upload metadata workoutId).");
    if (upload.sizeIsDeferred || upload.size === undefined)
      throw refusal(400, "Send the video's size when the upload starts (Upload-Length).");
    if (upload.size === 0) throw refusal(400, "The file is empty.");
    const workout = await this.deps.db
      .selectFrom("workouts")
      .select("id")
      .where("id", "=", workoutId)
      .executeTakeFirst();
    if (!workout) throw refusal(404, `Workout ${workoutId} not found.`);
    return {};
  }

  /**
   * Removes a refused upload: what its datastore knows of it (a finished S3 upload is no longer a multipart upload
   * its store can abort) and its bytes.
   */
  async #remove(uploadId: string) {
    await this.server.datastore.remove(uploadId).catch(() => undefined);
    await this.deps.storage.deleteUpload(uploadId);
  }

  /** The last byte is in: a readable video becomes a queued asset; anything else is removed and refused. */
  async #finish(req: Request, upload: Upload) {
    const { db, storage, settings, clock } = this.deps;
    const key = storage.uploadKey(upload.id);
    const copy = await storage.localCopy(key);
    let probe: Awaited<ReturnType<typeof probeVideo>>;
    try {
      probe = copy ? await probeVideo(settings.ffprobe, copy.path).finally(() => copy.release()) : undefined;
    } catch {
      await this.#remove(upload.id);
      throw refusal(503, "This server cannot read videos yet: ffmpeg (ffprobe) is not installed.");
    }
    if (!probe) {
      await this.#remove(upload.id);
      throw refusal(422, "The file could not be read as a video: it may be truncated or damaged. Upload it again.");
    }
    const actor = this.actors.get(req);
    const workoutId = upload.metadata!.workoutId!; // checked at creation
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const workout = await trx
        .selectFrom("workouts")
        .select("id")
        .where("id", "=", workoutId)
        .forUpdate()
        .executeTakeFirst();
      if (!workout) throw refusal(404, `Workout ${workoutId} not found.`);
      const asset = {
        id: upload.id,
        workout_id: workoutId,
        status: "queued" as const,
        source_key: key,
        source_bytes: upload.size!,
        duration_seconds: probe.duration,
        width: probe.width,
        height: probe.height,
        has_audio: probe.hasAudio,
        created_by: actor?.id ?? null,
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto("video_assets").values(asset).execute();
      if (actor)
        await recordAudit(trx, actor, now, {
          action: "video.upload",
          record: { type: "workout", id: workoutId },
          before: null,
          after: {
            video_asset: upload.id,
            bytes: upload.size,
            duration_seconds: probe.duration,
            width: probe.width,
            height: probe.height,
          },
        });
    });
    this.deps.onQueued(upload.id);
  }
}

/** tus's own refusals in words an editor understands. */
function tusMessage(status: number, body: string): string {
  if (status === 413) return "The file is larger than this server accepts for a video.";
  if (status === 404 || status === 410) return "This upload is not here any more: start it again.";
  if (status === 409) return "The upload's offset does not match what the server has: resume from its offset.";
  return body || "The upload request was refused.";
}
