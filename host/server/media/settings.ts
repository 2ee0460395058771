/** Media and music settings from the environment (part of ServerConfig). */
export interface MediaSettings {
  /** Which video provider answers playback: `mux` when Mux URL-signing keys are configured, else the shipped clips. */
  videoProvider: "local" | "mux";
  mux?: MuxSettings;
  /** Mux Data environment key the player reports to (`/config.json` video.envKey). */
  muxEnvKey?: string;
  /** The music station service; only the shipped loops so far. */
  musicProvider: "local";
  /**
   * Mux's API, for Direct Uploads from the console and its webhooks (MUX_TOKEN_ID, MUX_TOKEN_SECRET,
   * MUX_WEBHOOK_SECRET).
   */
  muxApi?: MuxApiSettings;
  /** Largest video file the console accepts, in bytes (FITKIT_VIDEO_MAX_MB, default 4096 MB). */
  uploadMaxBytes: number;
  /** The ffmpeg and ffprobe programs the local provider transcodes with (FITKIT_FFMPEG, FITKIT_FFPROBE). */
  ffmpeg: string;
  ffprobe: string;
}

export interface MuxApiSettings {
  tokenId: string;
  tokenSecret: string;
  /** The signing secret of the webhook endpoint (Mux dashboard, Settings → Webhooks). */
  webhookSecret: string;
  /** Mux's API origin (MUX_API_URL, default https://api.mux.com): the tests point it at a local stand-in. */
  baseUrl: string;
  /**
   * Where Mux's Direct Upload URLs put the file (MUX_UPLOAD_ORIGIN, default https://storage.googleapis.com, the
   * storage Mux's upload URLs name): the console's pages may send to it (their Content-Security-Policy's connect-src).
   */
  uploadOrigin: string;
}

export interface MuxSettings {
  /** Id of a Mux URL signing key (the JWT `kid`). */
  signingKeyId: string;
  /** Its RSA private key: the base64 text Mux hands out, or the PEM itself. */
  privateKey: string;
}

/** A class video at a high bit rate: an hour of 1080p at about 8 Mbit/s is 3.6 GB. */
const DEFAULT_UPLOAD_MAX_MB = 4096;

/**
 * `MUX_SIGNING_KEY_ID` and `MUX_SIGNING_PRIVATE_KEY` together switch video to Mux signed playback; one without the
 * other is a configuration mistake worth failing loudly at start.
 */
export function loadMediaSettings(env: NodeJS.ProcessEnv): MediaSettings {
  const signingKeyId = env.MUX_SIGNING_KEY_ID || undefined;
  const privateKey = env.MUX_SIGNING_PRIVATE_KEY || undefined;
  if (Boolean(signingKeyId) !== Boolean(privateKey)) {
    throw new Error("MUX_SIGNING_KEY_ID and MUX_SIGNING_PRIVATE_KEY must be set together");
  }
  const mux = signingKeyId && privateKey ? { signingKeyId, privateKey } : undefined;
  const tokenId = env.MUX_TOKEN_ID || undefined;
  const tokenSecret = env.MUX_TOKEN_SECRET || undefined;
  const webhookSecret = env.MUX_WEBHOOK_SECRET || undefined;
  const given = [tokenId, tokenSecret, webhookSecret].filter(Boolean).length;
  if (given && given < 3) throw new Error("MUX_TOKEN_ID, MUX_TOKEN_SECRET and MUX_WEBHOOK_SECRET must be set together");
  const muxApi =
    tokenId && tokenSecret && webhookSecret
      ? {
          tokenId,
          tokenSecret,
          webhookSecret,
          baseUrl: env.MUX_API_URL || "https://api.mux.com",
          uploadOrigin: new URL(env.MUX_UPLOAD_ORIGIN || "https://storage.googleapis.com").origin,
        }
      : undefined;
  const maxMb = env.FITKIT_VIDEO_MAX_MB ? Number(env.FITKIT_VIDEO_MAX_MB) : DEFAULT_UPLOAD_MAX_MB;
  if (!Number.isFinite(maxMb) || maxMb <= 0)
    throw new Error(`FITKIT_VIDEO_MAX_MB must be a number of megabytes above 0`);
  return {
    videoProvider: mux ? "mux" : "local",
    mux,
    muxEnvKey: env.MUX_ENV_KEY || undefined,
    ...(muxApi ? { muxApi } : {}),
    musicProvider: "local",
    uploadMaxBytes: Math.floor(maxMb * 1_048_576),
    ffmpeg: env.FITKIT_FFMPEG || "ffmpeg",
    ffprobe: env.FITKIT_FFPROBE || "ffprobe",
  };
}
