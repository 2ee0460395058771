import { SignJWT, jwtVerify, errors } from "jose";
import type { Clock } from "../clock.js";
import type { AuthKeys } from "./keys.js";

/**
 * A bookings pass (issue 32 item 1): what a studio site's schedule keeps so a member who booked there sees their
 * bookings when they come back, without the member's tokens ever leaving the hosted app. It reads one thing, the
 * member's upcoming bookings, from one site (its `origin`), for a week; it cannot book, cancel or read anything else,
 * and a password change or "sign out everywhere" (the token version) ends it. Its own issuer: an access-token check
 * never accepts it, and it never passes for an access token.
 */
const ISSUER = "fitkit-bookings-pass";
export const BOOKINGS_PASS_SECONDS = 7 * 24 * 60 * 60;

export interface BookingsPassClaims {
  sub: string;
  ver: number;
  /** The site origin the pass was handed to; a read from any other origin is refused. */
  origin: string;
}

export async function signBookingsPass(keys: AuthKeys, clock: Clock, claims: BookingsPassClaims) {
  const iat = Math.floor(clock.now().getTime() / 1000);
  const token = await new SignJWT({ ver: claims.ver, origin: claims.origin })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + BOOKINGS_PASS_SECONDS)
    .sign(keys.privateKey);
  return { token, expires_at: new Date((iat + BOOKINGS_PASS_SECONDS) * 1000).toISOString() };
}

/** Signature, issuer and expiry; undefined when anything is off. */
export async function verifyBookingsPass(
  keys: AuthKeys,
  clock: Clock,
  token: string,
): Promise<BookingsPassClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      issuer: ISSUER,
      algorithms: ["EdDSA"],
      currentDate: clock.now(),
    });
    if (typeof payload.sub !== "string" || typeof payload.ver !== "number" || typeof payload.origin !== "string")
      return undefined;
    return { sub: payload.sub, ver: payload.ver, origin: payload.origin };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
