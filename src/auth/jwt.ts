/**
 * Expiry (epoch ms) from a JWT's `exp` claim, read without verifying (the server verifies); undefined if unreadable.
 */
export function tokenExpiry(token: string): number | undefined {
  try {
    const part = token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
    const exp = JSON.parse(atob(part.padEnd(part.length + ((4 - (part.length % 4)) % 4), "="))).exp;
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Expired, unreadable, or expiring within `skewMs` (so a call does not arrive with a token that just lapsed). */
export const isExpired = (token: string, now = Date.now(), skewMs = 10_000) =>
  (tokenExpiry(token) ?? 0) <= now + skewMs;
