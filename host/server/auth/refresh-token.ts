import { createHash, createHmac, randomBytes } from "node:crypto";

export const REFRESH_TOKEN_DAYS = 60;
/** A just-rotated token presented again within this window is a second tab racing, not theft. */
export const ROTATION_GRACE_MS = 10_000;

export const newRefreshToken = () => randomBytes(32).toString("base64url");

/** The successor is derived, not random, so a racing second refresh can be answered with the same successor. */
export const successorOf = (secret: Buffer, token: string) =>
  createHmac("sha256", secret).update(token).digest("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
