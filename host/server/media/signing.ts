import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signs and checks expiring media URLs. A token `{exp}.{sig}` grants one scope (`w/{workoutId}`, `m/{stationId}`)
 * until `exp` (Unix seconds); it sits in the URL path, not the query, so the relative segment and caption URIs
 * inside an HLS playlist inherit it. The key is derived (HKDF) from the server's stored refresh secret, so every
 * process on one database signs alike and no secret lives in code.
 */
export interface UrlSigner {
  sign(scope: string, expiresAt: Date): string;
  /** `valid`, or why not: a token that does not match its scope, or one past its expiry. */
  check(scope: string, token: string, now: Date): "valid" | "invalid" | "expired";
}

const TOKEN = /^(\d{1,12})\.([\w-]{43})$/;

export function createUrlSigner(serverSecret: Buffer): UrlSigner {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "fitkit", "media-url-signing", 32));
  const mac = (scope: string, exp: number) => createHmac("sha256", key).update(`${scope}\n${exp}`).digest("base64url");
  return {
    sign(scope, expiresAt) {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return `${exp}.${mac(scope, exp)}`;
    },
    check(scope, token, now) {
      const [, expiry, signature] = TOKEN.exec(token) ?? [];
      if (expiry === undefined || signature === undefined) return "invalid";
      const exp = Number(expiry);
      const expected = Buffer.from(mac(scope, exp));
      const given = Buffer.from(signature);
      if (!timingSafeEqual(expected, given)) return "invalid";
      return now.getTime() >= exp * 1000 ? "expired" : "valid";
    },
  };
}
