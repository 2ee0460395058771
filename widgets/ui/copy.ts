import { interpolate, t, type Params, type SpecMessageKey } from "../../src/i18n/spec.js";

/** Labels every widget uses (the spec leaves them to the UI). */
const common = {
  loading: "Loading…",
  retry: "Try again",
  offline: "You’re offline. Showing what was loaded; actions will work again when you reconnect.",
  close: "Close",
} as const;

/**
 * A `say()` for one widget: its own chrome labels (buttons, headings, screen-reader text the spec leaves to the UI),
 * the shared ones, and the spec's catalogue through `t()` (errors, confirmations, filter groups…). Each widget keeps
 * its labels in its own folder, so a page loading one widget does not download the others' copy.
 * @example const say = sayWith({ "live.full": "Full" }); say("live.full"); say("confirm.cancelClass");
 */
export function sayWith<L extends Record<string, string>>(labels: L) {
  return (key: keyof L | keyof typeof common | SpecMessageKey, params?: Params): string => {
    const own = (labels as Record<string, string>)[key as string] ?? (common as Record<string, string>)[key as string];
    return own !== undefined ? interpolate(own, params) : t(key as SpecMessageKey, params);
  };
}

/** The shared labels and the spec's catalogue (for the shared parts in ui/). */
export const say = sayWith({});
