import type { ReadonlySignal } from "@preact/signals-core";
import type { ApiClient } from "../api/client.js";
import type { Auth } from "../auth/auth.js";
import type { Resource } from "./resource.js";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * What a write can change, by name: a resource is watched under one (a keyed resource under its key's prefix, e.g.
 * `live.classes:…`), and a write names those it invalidates (TanStack Query's invalidation by key).
 */
export type Tag =
  | "session.claims"
  | "membership.subscription"
  | "live.reservations"
  | "live.classes"
  | "series.enrollments"
  | "calendars.enrollments"
  | "calendars.mine"
  | "activity";

/** The store's invalidation: what slices watch, and what follows their writes. */
export interface Invalidation {
  /** Watches `resource` under `tag` and answers it. */
  watch<R extends Pick<Resource<unknown, never>, "refresh">>(tag: Tag, resource: R): R;
  /** Reloads the loaded resources watched under `tags` (what a write changed); resolves once they answered. */
  invalidate(...tags: Tag[]): Promise<unknown>;
}

/** What every slice is built from: one client, one token holder, one clock, one storage, one invalidation. */
export interface StoreContext extends Invalidation {
  api: ApiClient;
  auth: Auth;
  storage: KeyValueStorage;
  now: () => number;
  signedIn: ReadonlySignal<boolean>;
  /** For a write's `then`: invalidates `tags`, then answers the write's answer (so its caller sees what changed). */
  after(...tags: Tag[]): <T>(answer: T) => Promise<T>;
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
