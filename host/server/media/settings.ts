/** Media and music settings from the environment (part of ServerConfig). */
export interface MediaSettings {
  /** Which video provider answers playback: `mux` when Mux URL-signing keys are configured, else the shipped clips. */
  videoProvider: "local" | "mux";
  mux?: MuxSettings;
  /** Mux Data environment key the player reports to (`/config.json` video.envKey). */
  muxEnvKey?: string;
  /** The music station service; only the shipped loops so far. */
  musicProvider: "local";
}

export interface MuxSettings {
  /** Id of a Mux URL signing key (the JWT `kid`). */
  signingKeyId: string;
  /** Its RSA private key: the base64 text Mux hands out, or the PEM itself. */
  privateKey: string;
}

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
  return { videoProvider: mux ? "mux" : "local", mux, muxEnvKey: env.MUX_ENV_KEY || undefined, musicProvider: "local" };
}
