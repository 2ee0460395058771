import type { AppContext } from "../context.js";
import { tooManyRequests } from "../errors.js";
import { normalizeEmail } from "../services/auth.js";
import { WrongPasswordError } from "./passwords.js";

const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";
const TOO_MANY_GUESSES = "Too many failed sign-ins. Please wait and try again.";

/** Runs one password check for `email` from `ip`; `isGuess` says whether a failure was a wrong password. */
export type PasswordGuard = <T>(
  ip: string,
  email: string,
  check: () => Promise<T>,
  isGuess: (error: unknown) => boolean,
) => Promise<T>;

/** For a signed-in member's check: only a wrong password is a guess (a 409 after a right one is not). */
export const isWrongPassword = (error: unknown) => error instanceof WrongPasswordError;

/**
 * The sign-in's limits around every check of a password, signed in or not (sign-in, cancelling a deletion, changing
 * the password, deleting the account), on the same counters: a stolen access token buys no more guesses than the
 * sign-in form. Per address, a plain window; per account and address, a growing delay (an attacker's address waits
 * longer and longer); per account, briefly (many addresses at once), so the owner elsewhere waits seconds at most.
 * Each attempt is counted before its check, so a parallel burst gets no more than the free attempts; a right
 * password forgets the account's count.
 */
export function passwordGuard(ctx: Pick<AppContext, "rateLimiter" | "config">): PasswordGuard {
  const limits = ctx.config.rateLimits;
  const { rateLimiter } = ctx;
  return async (ip, emailInput, check, isGuess) => {
    const email = normalizeEmail(emailInput);
    const fromAddress = `sign-in:account:${email}:address:${ip}`;
    const account = `sign-in:account:${email}`;
    const wait = await rateLimiter.consume(`sign-in:address:${ip}`, limits.signInPerAddress, limits.windowMs);
    if (wait) throw tooManyRequests(TOO_MANY_ATTEMPTS, wait);
    for (const [key, backoff] of [
      [fromAddress, limits.signInAccountPerAddress],
      [account, limits.signInAccount],
    ] as const) {
      const wait = await rateLimiter.attempt(key, backoff);
      if (wait) throw tooManyRequests(TOO_MANY_GUESSES, wait);
    }
    const forget = () => Promise.all([rateLimiter.reset(fromAddress), rateLimiter.reset(account)]);
    try {
      const answer = await check();
      await forget();
      return answer;
    } catch (error) {
      if (!isGuess(error)) await forget();
      throw error;
    }
  };
}
