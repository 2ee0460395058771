import { webVtt } from "./captions.js";
import { ClipLibrary } from "./clips.js";
import { workoutArt, NATURAL_SIZE } from "./artwork/index.js";
import { ArtRenderer } from "./images.js";
import { hlsPlaylist } from "./playlist.js";
import { expiryAfter, playbackLifetimeMs, type MediaProvider, type MediaWorkout } from "./provider.js";
import type { Payload, StoredPayload } from "./range.js";
import type { UrlSigner } from "./signing.js";
import type { UploadedVideos } from "./uploaded-videos.js";

/**
 * The files under a workout's signed path: the playlist, the demo clip, captions per language, and an uploaded
 * video's renditions (`{height}/index.m3u8`, `{height}/seg000.ts`); every other name is refused before any lookup.
 */
export const WORKOUT_FILE = "^(index\\.m3u8|clip\\.ts|captions-[a-z]{2,3}(-[A-Z]{2})?\\.vtt)$";
export const RENDITION_FILE = { rendition: "^[0-9]{3,4}$", file: "^(index\\.m3u8|seg[0-9]{3,5}\\.ts)$" };

const SIGNED_CACHE = "private, max-age=3600";
const PUBLIC_CACHE = "public, max-age=86400";

export const workoutScope = (workoutId: string) => `w/${workoutId}`;

/**
 * The default provider: a workout's video uploaded in the console (transcoded to an HLS ladder, with its uploaded
 * captions), else the shipped demo clips, played at each workout's catalogued length through a generated HLS
 * playlist, with captions to match; both under `/media/w/{id}/{token}/…` URLs signed for a few hours. Previews are
 * the public MP4 clips at `/media/clips/{clip}.mp4`; images are the shipped posters resized on request.
 */
export class LocalMediaProvider implements MediaProvider {
  readonly name = "local";
  /**
   * Renders and caches generated artwork: class stills here, series covers and trainer portraits for the art routes.
   */
  readonly art = new ArtRenderer();

  constructor(
    private readonly signer: UrlSigner,
    readonly library = new ClipLibrary(),
    private readonly uploaded?: UploadedVideos,
  ) {}

  async playback(workout: MediaWorkout, origin: string, now: Date) {
    const asset = await this.uploaded?.readyAsset(workout.id);
    if (!asset && workout.video_duration <= 0) return undefined;
    const expires = expiryAfter(now, playbackLifetimeMs(workout.video_duration));
    const base = `${origin}/media/w/${encodeURIComponent(workout.id)}/${this.signer.sign(workoutScope(workout.id), expires)}`;
    // Uploaded captions when there are some; a demo clip's generated English ones otherwise.
    const languages = (await this.uploaded?.captionLanguages(workout.id)) ?? [];
    const captions = languages.length ? languages : asset ? [] : ["en"];
    return {
      uri: `${base}/index.m3u8`,
      expires_at: expires.toISOString(),
      captions: captions.map((lang) => ({ lang, uri: `${base}/captions-${lang}.vtt` })),
    };
  }

  async preview(workout: MediaWorkout, origin: string) {
    if (workout.video_duration <= 0) return undefined;
    return { uri: `${origin}/media/clips/${this.library.forWorkout(workout).name}.mp4` };
  }

  async image(workout: MediaWorkout, request: Parameters<MediaProvider["image"]>[1]) {
    // An uploaded video's own poster frame, taken when it was transcoded.
    const asset = await this.uploaded?.readyAsset(workout.id);
    const poster = asset ? await this.uploaded!.poster(asset) : undefined; // asset comes from uploaded
    if (asset && poster)
      return { kind: "image" as const, image: await this.art.photo(`v/${asset.id}`, poster, request) };
    // Stills follow the clip's timeline (a new one at each poster time of the looping preview), drawn for the class
    // type rather than taken from the clip, whose frames are the same placeholder for every class.
    const clip = this.library.forWorkout(workout);
    const frame = this.library.frameAt(clip, request.time ?? 0);
    const subject = { id: workout.id, classType: workout.category, frame };
    const image = await this.art.render(
      `w/${workout.id}/${workout.category ?? ""}/${frame}`,
      (w, h) => workoutArt(subject, w, h),
      NATURAL_SIZE.workouts,
      request,
    );
    return { kind: "image" as const, image };
  }

  /**
   * A file of a workout's signed playback (the caller has checked the token): `path` is a WORKOUT_FILE name, or
   * `{height}/{file}` of an uploaded video's rendition.
   */
  async workoutFile(workout: MediaWorkout, path: string): Promise<Payload | StoredPayload | undefined> {
    const asset = await this.uploaded?.readyAsset(workout.id);
    const lang = /^captions-(.+)\.vtt$/.exec(path)?.[1];
    if (lang) {
      const uploaded = await this.uploaded?.captions(workout.id, lang);
      if (uploaded || asset) return uploaded;
    }
    if (asset) return this.uploaded!.file(asset, path); // asset comes from uploaded
    if (workout.video_duration <= 0) return undefined;
    const clip = this.library.forWorkout(workout);
    switch (path) {
      case "index.m3u8":
        return {
          body: Buffer.from(hlsPlaylist(clip.pieces, workout.video_duration, "clip.ts")),
          type: "application/vnd.apple.mpegurl",
          cache: SIGNED_CACHE,
        };
      case "clip.ts":
        return { ...(await this.library.read(clip, "clip.mpegts")), type: "video/mp2t", cache: SIGNED_CACHE };
      case "captions-en.vtt":
        return {
          body: Buffer.from(webVtt(workout.name, clip.name, workout.video_duration)),
          type: "text/vtt; charset=utf-8",
          cache: SIGNED_CACHE,
        };
      default:
        return undefined;
    }
  }

  /** A public preview clip by name, or undefined for a name that is not a shipped clip. */
  async previewFile(name: string): Promise<Payload | undefined> {
    const clip = this.library.byName(name);
    if (!clip) return undefined;
    return { ...(await this.library.read(clip, "clip.mp4")), type: "video/mp4", cache: PUBLIC_CACHE };
  }
}
