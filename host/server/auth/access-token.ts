import { SignJWT, jwtVerify, errors } from "jose";
import type { Clock } from "../clock.js";
import type { AuthKeys } from "./keys.js";

const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = "fitkit";

export interface AccessClaims {
  sub: string;
  email: string;
  /** The user's token version when the token was issued; an older one than the user's current is refused. */
  ver: number;
}

export async function signAccessToken(keys: AuthKeys, clock: Clock, claims: AccessClaims): Promise<string> {
  const iat = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ email: claims.email, ver: claims.ver })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(keys.privateKey);
}

/** Verifies signature, issuer and expiry without touching the database; undefined when anything is off. */
export async function verifyAccessToken(
  keys: AuthKeys,
  clock: Clock,
  token: string,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      issuer: ISSUER,
      algorithms: ["EdDSA"],
      currentDate: clock.now(),
    });
    if (typeof payload.sub !== "string" || typeof payload.ver !== "number" || typeof payload.email !== "string")
      return undefined;
    return { sub: payload.sub, email: payload.email, ver: payload.ver };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
