import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { HttpError } from "../errors.js";
import { VerificationQueue } from "./verification-queue.js";

// argon2id with the library's defaults (m=19 MiB, t=2, p=1): the OWASP baseline, ~10 ms a hash here.
const ALGORITHM_ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ALGORITHM_ARGON2ID });
}

/** One check per core at a time; the event loop keeps its share between them. */
const verifications = new VerificationQueue(availableParallelism());

/**
 * Whether `password` matches. `account` (the member's id; undefined for an unknown email) queues the account's
 * checks one after another, so one account's burst cannot hold up everyone else's sign-in.
 */
export async function verifyPassword(
  passwordHash: string,
  password: string,
  account: string | undefined,
): Promise<boolean> {
  return verifications.run(account, async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** A hash of nothing, verified against when the account is unknown so both paths take the same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword("decoy-password-for-timing"));
}

/** A signed-in member's password check failed (400): a guess, counted as a failed sign-in (password-guard.ts). */
export class WrongPasswordError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
