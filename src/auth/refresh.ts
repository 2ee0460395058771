import type { Signal } from "@preact/signals-core";
import type { TokenPair } from "../api/types.js";
import { isExpired } from "./jwt.js";
import { createRefreshLock, type RefreshLock } from "./refresh-lock.js";
import { readTokens, type Tokens } from "./token-storage.js";

/** What the refresher shares with the auth state that loaded it (src/auth/auth.ts). */
export interface RefresherOptions {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  refresh(refreshToken: string): Promise<TokenPair>;
  lock?: RefreshLock;
  now?: () => number;
  tokens: Signal<Tokens | null>;
  /** Stores a pair here and in every tab (null forgets it). */
  keep(tokens: Tokens | null): void;
}

/**
 * A usable access token: `undefined` asks for the current one (refreshed first when missing or expired), a rejected
 * token asks for its successor; undefined once signed out.
 */
export type Refresher = (rejected?: string) => Promise<string | undefined>;

/**
 * Expiry checks and the refresh itself: one at a time per page (the call in flight is shared) and across tabs (the
 * lock), a refusal (401 or 400) signing out, any other failure (network, 5xx) thrown with the tokens kept.
 */
export function createRefresher(options: RefresherOptions): Refresher {
  const { storage, tokens, keep } = options;
  const now = options.now ?? Date.now;
  const lock = options.lock ?? createRefreshLock();
  let inflight: Promise<string | undefined> | undefined;

  function refresh(stale: string): Promise<string | undefined> {
    return (inflight ??= lock(async () => {
      // Another tab may have refreshed while this one waited for the lock: use its tokens.
      const current = readTokens(storage);
      tokens.value = current;
      if (!current) return undefined;
      if (current.access && current.access !== stale && !isExpired(current.access, now())) return current.access;
      try {
        const pair = await options.refresh(current.refresh);
        keep({ access: pair.token, id: pair.token, refresh: pair.refreshToken });
        return pair.token;
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status === 401 || status === 400) return (keep(null), undefined);
        throw e;
      }
    }).finally(() => (inflight = undefined)));
  }

  return async (rejected) => {
    const t = tokens.value;
    if (!t) return undefined;
    if (rejected === undefined && t.access && !isExpired(t.access, now())) return t.access;
    return refresh(rejected ?? t.access);
  };
}
