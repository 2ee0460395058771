import { computed, effect, signal, type ReadonlySignal } from "@preact/signals-core";
import type { TokenSource } from "../api/client.js";
import type { TokenPair } from "../api/types.js";
import type { RefreshLock } from "./refresh-lock.js";
import type { Refresher } from "./refresh.js";
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
  /** Keeps a freshly issued pair (sign-in, sign-up). */
  setTokens(pair: TokenPair): void;
  /** Forgets the tokens here and in every tab. */
  logout(): void;
  /** Stops listening to storage events and to sign-ins. */
  dispose(): void;
}

/**
 * The member's tokens: read at start and on storage events, refreshed before a call when missing or expired (once at
 * a time per page and across tabs), dropped when the server refuses the refresh token (401 or 400).
 * @example const auth = createAuth({ storage: localStorage, refresh: (t) => refreshTokens(publicClient, t) });
 */
export function createAuth(options: AuthOptions): Auth {
  const { storage } = options;
  const tokens = signal(readTokens(storage));

  const keep = (t: Tokens | null) => {
    writeTokens(storage, t);
    tokens.value = t;
  };
  const logout = () => keep(null);

  // Expiry checks and the refresh (with the cross-tab lock) load once a member is signed in, here or in another tab:
  // a visitor's page never fetches them, a member's has them before its first call needs them. A failed load is
  // tried again on the next call.
  let refresher: Promise<Refresher> | undefined;
  const loadRefresher = () =>
    (refresher ??= import("./refresh.js").then(
      (m) => m.createRefresher({ ...options, tokens, keep }),
      (e: unknown) => {
        refresher = undefined;
        throw e;
      },
    ));
  // Signed out: no token, and nothing to load.
  const token = async (rejected?: string) => (tokens.value ? (await loadRefresher())(rejected) : undefined);
  const preload = effect(() => void (tokens.value && loadRefresher().catch(() => undefined)));

  const onStorage = (e: Event) => {
    const key = (e as StorageEvent).key;
    if (key === null || (TOKEN_KEYS as readonly string[]).includes(key)) tokens.value = readTokens(storage);
  };
  const events = options.events ?? (typeof window === "undefined" ? undefined : window);
  events?.addEventListener("storage", onStorage);

  return {
    tokens,
    signedIn: computed(() => !!tokens.value),
    accessToken: () => token(),
    refreshAfterRejection: token,
    setTokens: (pair) => keep({ access: pair.token, id: pair.token, refresh: pair.refreshToken }),
    logout,
    dispose: () => {
      preload();
      events?.removeEventListener("storage", onStorage);
    },
  };
}
