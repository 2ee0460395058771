/** The media layer's public surface: providers, URL signing and the byte-range sender. */
import type { Db } from "../db/index.js";
import { LocalMediaProvider } from "./local-provider.js";
import { MuxMediaProvider } from "./mux-provider.js";
import type { MediaProvider } from "./provider.js";
import type { MediaSettings } from "./settings.js";
import type { UrlSigner } from "./signing.js";
import type { MediaStorage } from "./storage/index.js";
import { UploadedVideos } from "./uploaded-videos.js";

export { createUrlSigner, type UrlSigner } from "./signing.js";
export { sendPayload } from "./range.js";
export { FIT_MODES, IMAGE_FORMATS, imageBox, type ImageRequest } from "./images.js";
export { LocalMediaProvider, RENDITION_FILE, WORKOUT_FILE, workoutScope } from "./local-provider.js";
export type { MediaProvider, MediaWorkout, Playback, ImageAnswer } from "./provider.js";
export type { MediaSettings } from "./settings.js";

/** The provider the settings choose; the local one is always built too, since it serves the shipped files. */
export function createMediaProviders(
  settings: MediaSettings,
  db: Db,
  signer: UrlSigner,
  storage: MediaStorage,
): { active: MediaProvider; local: LocalMediaProvider } {
  const local = new LocalMediaProvider(signer, undefined, new UploadedVideos(db, storage));
  const active = settings.videoProvider === "mux" && settings.mux ? new MuxMediaProvider(db, settings.mux) : local;
  return { active, local };
}
