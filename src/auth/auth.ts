import { computed, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { TokenSource } from "../api/client.js";
import type { TokenPair } from "../api/types.js";
import { isExpired } from "./jwt.js";
import { createRefreshLock, type RefreshLock } from "./refresh-lock.js";
import { readTokens, TOKEN_KEYS, writeTokens, type Tokens } from "./token-storage.js";

export interface AuthOptions {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** Exchanges a refresh token for a new pair (`POST /api/auth/refresh-token`). */
  refresh(refreshToken: string): Promise<TokenPair>;
  lock?: RefreshLock;
  now?: () => number;
  /** Where storage events arrive from (another tab signing in or out); `window` by default. */
  events?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
}

export interface Auth extends TokenSource {
  readonly tokens: ReadonlySignal<Tokens | null>;
  readonly signedIn: ReadonlySignal<boolean>;
  /** The last refresh failure that was not a refusal (network, 5xx); refusals log out instead. */
  readonly error: Signal<unknown>;
  /** Keeps a freshly issued pair (sign-in, sign-up). */
  setTokens(pair: TokenPair): void;
  /** Forgets the tokens here and in every tab. */
  logout(): void;
  /** Stops listening to storage events. */
  dispose(): void;
}

/**
 * The member's tokens: read at start and on storage events, refreshed before a call when missing or expired (once at
 * a time per page and across tabs), dropped when the server refuses the refresh token (401 or 400).
 * @example const auth = createAuth({ storage: localStorage, refresh: (t) => refreshTokens(publicClient, t) });
 */
export function createAuth(options: AuthOptions): Auth {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const lock = options.lock ?? createRefreshLock();
  const tokens = signal(readTokens(storage));
  const error = signal<unknown>(undefined);
  let inflight: Promise<string | undefined> | undefined;

  const keep = (t: Tokens | null) => {
    writeTokens(storage, t);
    tokens.value = t;
  };
  const logout = () => keep(null);

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
        error.value = undefined;
        return pair.token;
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status === 401 || status === 400) return (logout(), undefined);
        error.value = e;
        throw e;
      }
    }).finally(() => (inflight = undefined)));
  }

  const onStorage = (e: Event) => {
    const key = (e as StorageEvent).key;
    if (key === null || (TOKEN_KEYS as readonly string[]).includes(key)) tokens.value = readTokens(storage);
  };
  const events = options.events ?? (typeof window === "undefined" ? undefined : window);
  events?.addEventListener("storage", onStorage);

  return {
    tokens,
    signedIn: computed(() => !!tokens.value),
    error,
    async accessToken() {
      const t = tokens.value;
      if (!t) return undefined;
      return t.access && !isExpired(t.access, now()) ? t.access : refresh(t.access);
    },
    refreshAfterRejection: (rejected) => (tokens.value ? refresh(rejected) : Promise.resolve(undefined)),
    setTokens: (pair) => keep({ access: pair.token, id: pair.token, refresh: pair.refreshToken }),
    logout,
    dispose: () => events?.removeEventListener("storage", onStorage),
  };
}
