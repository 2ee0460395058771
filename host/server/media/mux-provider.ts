import { createPrivateKey, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import type { Db } from "../db/index.js";
import type { ImageRequest } from "./images.js";
import { expiryAfter, playbackLifetimeMs, type MediaProvider, type MediaWorkout } from "./provider.js";
import type { MuxSettings } from "./settings.js";

/** Mux's token audiences: video playback and thumbnails. */
type Audience = "v" | "t";

const PREVIEW_LIFETIME_MS = 3600_000;
const IMAGE_LIFETIME_MS = 24 * 3600_000;

/** Mux hands out the private key base64-encoded; a PEM (with `\n` escapes, as env files hold it) works too. */
function muxPrivateKey(value: string): KeyObject {
  const pem = value.includes("-----BEGIN")
    ? value.replace(/\\n/g, "\n")
    : Buffer.from(value, "base64").toString("utf8");
  return createPrivateKey(pem);
}

/**
 * Signed Mux playback: each workout's Mux playback id comes from `workout_videos`; URLs carry an RS256 JWT signed
 * with the configured URL signing key (`kid`), `sub` the playback id, `aud` what it opens, `exp` when it stops.
 * Captions travel inside Mux's HLS manifest, so the answer lists none separately.
 */
export class MuxMediaProvider implements MediaProvider {
  readonly name = "mux";
  private readonly key: KeyObject;

  constructor(
    private readonly db: Db,
    private readonly settings: MuxSettings,
  ) {
    this.key = muxPrivateKey(settings.privateKey);
  }

  async playback(workout: MediaWorkout, _origin: string, now: Date) {
    const id = await this.playbackId(workout.id);
    if (!id) return undefined;
    const expires = expiryAfter(now, playbackLifetimeMs(workout.video_duration));
    const token = await this.sign(id, "v", expires);
    return { uri: `https://stream.mux.com/${id}.m3u8?token=${token}`, expires_at: expires.toISOString(), captions: [] };
  }

  async preview(workout: MediaWorkout, _origin: string, now: Date) {
    const id = await this.playbackId(workout.id);
    if (!id) return undefined;
    const token = await this.sign(id, "v", expiryAfter(now, PREVIEW_LIFETIME_MS));
    return { uri: `https://stream.mux.com/${id}.m3u8?token=${token}` };
  }

  /** Mux renders the thumbnail; with signed playback its options must travel inside the token, not the query. */
  async image(workout: MediaWorkout, request: ImageRequest, now: Date) {
    const id = await this.playbackId(workout.id);
    if (!id) return undefined;
    const options = Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined));
    const token = await this.sign(id, "t", expiryAfter(now, IMAGE_LIFETIME_MS), options);
    return { kind: "redirect" as const, url: `https://image.mux.com/${id}/thumbnail.jpg?token=${token}` };
  }

  private sign(playbackId: string, audience: Audience, expires: Date, claims: Record<string, unknown> = {}) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: this.settings.signingKeyId })
      .setSubject(playbackId)
      .setAudience(audience)
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(this.key);
  }

  private async playbackId(workoutId: string) {
    const row = await this.db
      .selectFrom("workout_videos")
      .select("mux_playback_id")
      .where("workout_id", "=", workoutId)
      .executeTakeFirst();
    return row?.mux_playback_id;
  }
}
