import type { ReadonlySignal } from "@preact/signals-core";
import type { ApiClient } from "../api/client.js";
import type { Auth } from "../auth/auth.js";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What every slice is built from: one client, one token holder, one clock, one storage. */
export interface StoreContext {
  api: ApiClient;
  auth: Auth;
  storage: KeyValueStorage;
  now: () => number;
  signedIn: ReadonlySignal<boolean>;
}

/** Storage that forgets on reload, for environments without localStorage (and tests). */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}
