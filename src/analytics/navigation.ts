import type { KeyValueStorage } from "../store/context.js";

/** Session-storage keys (spec §2): the previous URL as referrer, and the current and previous paths. */
export const NAV_KEYS = { referrer: "referrer", current: "currentPath", previous: "previousPath" } as const;

export interface NavigationRecord {
  referrer: string;
  current: string;
  previous: string;
}

/** Records a completed route change and answers the updated record. */
export function recordNavigation(session: KeyValueStorage, path: string, origin: string): NavigationRecord {
  const current = session.getItem(NAV_KEYS.current) ?? "";
  if (current === path) return readNavigation(session);
  if (current) {
    session.setItem(NAV_KEYS.previous, current);
    session.setItem(NAV_KEYS.referrer, origin + current);
  }
  session.setItem(NAV_KEYS.current, path);
  return readNavigation(session);
}

export const readNavigation = (session: KeyValueStorage): NavigationRecord => ({
  referrer: session.getItem(NAV_KEYS.referrer) ?? "",
  current: session.getItem(NAV_KEYS.current) ?? "",
  previous: session.getItem(NAV_KEYS.previous) ?? "",
});
