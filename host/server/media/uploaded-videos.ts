import type { Db } from "../db/index.js";
import type { Payload, StoredPayload } from "./range.js";
import type { MediaStorage } from "./storage/index.js";
import { videoPrefix } from "./transcoder.js";

const SIGNED_CACHE = "private, max-age=3600";

/** A rendition's files: its playlist and its numbered segments. */
const RENDITION_FILE = /^(index\.m3u8|seg\d{3,5}\.ts)$/;

/**
 * Video uploaded in the console, as the local provider serves it: a workout's newest ready asset (its master playlist,
 * renditions and segments from media storage) and the captions uploaded per language.
 */
export class UploadedVideos {
  constructor(
    private readonly db: Db,
    private readonly storage: MediaStorage,
  ) {}

  /** The workout's newest transcoded video, if any. */
  async readyAsset(workoutId: string): Promise<{ id: string; renditions: number[] } | undefined> {
    return this.db
      .selectFrom("video_assets")
      .select(["id", "renditions"])
      .where("workout_id", "=", workoutId)
      .where("status", "=", "ready")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  /** The languages the workout has uploaded captions in. */
  async captionLanguages(workoutId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("workout_captions")
      .select("lang")
      .where("workout_id", "=", workoutId)
      .orderBy("lang")
      .execute();
    return rows.map((r) => r.lang);
  }

  async captions(workoutId: string, lang: string): Promise<Payload | undefined> {
    const row = await this.db
      .selectFrom("workout_captions")
      .select(["vtt", "updated_at"])
      .where("workout_id", "=", workoutId)
      .where("lang", "=", lang)
      .executeTakeFirst();
    if (!row) return undefined;
    return { body: Buffer.from(row.vtt), type: "text/vtt; charset=utf-8", cache: SIGNED_CACHE };
  }

  /**
   * A file of the asset: `index.m3u8` (the master), or `{height}/index.m3u8` and `{height}/seg000.ts`…, streamed
   * from storage when it is sent (a byte range read as a range, from a bucket too).
   */
  async file(asset: { id: string; renditions: number[] }, path: string): Promise<StoredPayload | undefined> {
    const [first, second] = path.split("/");
    if (
      second === undefined
        ? first !== "index.m3u8"
        : !asset.renditions.includes(Number(first)) || !RENDITION_FILE.test(second)
    )
      return undefined;
    const key = `${videoPrefix(asset.id)}/${path}`;
    const stored = await this.storage.stat(key);
    if (!stored) return undefined;
    const playlist = path.endsWith(".m3u8");
    return {
      size: stored.size,
      open: (range) => this.storage.stream(key, range),
      type: playlist ? "application/vnd.apple.mpegurl" : "video/mp2t",
      cache: SIGNED_CACHE,
      // Transcoded files never change under their name: the asset and path are the validator.
      etag: `"${asset.id}-${path.replace("/", "-")}"`,
    };
  }

  async poster(asset: { id: string }): Promise<Buffer | undefined> {
    return this.storage.get(`${videoPrefix(asset.id)}/poster.jpg`);
  }
}
