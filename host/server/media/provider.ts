import type { Image, ImageRequest } from "./images.js";

/** What a provider needs to know about a workout. */
export interface MediaWorkout {
  id: string;
  name: string;
  type: string;
  /** Seconds. */
  video_duration: number;
  /** Category slug (the class type), when the caller looked it up: the local provider draws stills from it. */
  category?: string;
}

/** The answer of `GET /tsapi/content/workout/{id}/video`. */
export interface Playback {
  uri: string;
  expires_at: string;
  captions: { lang: string; uri: string }[];
}

export type ImageAnswer = { kind: "image"; image: Image } | { kind: "redirect"; url: string };

/**
 * Where workout video comes from. `origin` is the server's configured public URL (FITKIT_PUBLIC_URL), for
 * providers that serve files themselves. A method answers `undefined` when the workout has no video there.
 */
export interface MediaProvider {
  readonly name: "local" | "mux";
  playback(workout: MediaWorkout, origin: string, now: Date): Promise<Playback | undefined>;
  preview(workout: MediaWorkout, origin: string, now: Date): Promise<{ uri: string } | undefined>;
  image(workout: MediaWorkout, request: ImageRequest, now: Date): Promise<ImageAnswer | undefined>;
}

/** How long a playback grant lasts: long enough to finish the workout after pausing for a while. */
export function playbackLifetimeMs(videoSeconds: number) {
  return Math.max(6 * 3600, videoSeconds + 3 * 3600) * 1000;
}

/** `now + ms` on a whole second: signed tokens carry seconds, so the reported expiry is exactly the token's. */
export function expiryAfter(now: Date, ms: number): Date {
  return new Date(Math.floor((now.getTime() + ms) / 1000) * 1000);
}
