import { errorsEn } from "../../src/i18n/spec/errors.js";
import { interpolate, type Params } from "../../src/i18n/translate-core.js";

/** Labels every widget uses (the spec leaves them to the UI). */
const common = {
  loading: "Loading…",
  retry: "Try again",
  offline: "You’re offline. Showing what was loaded; actions will work again when you reconnect.",
  close: "Close",
} as const;

/**
 * A `say()` for one widget: its own chrome labels (buttons, headings, screen-reader text the spec leaves to the UI),
 * the shared ones, its area of the spec's catalogue (`src/i18n/spec/<area>.ts`: confirmations, filter groups…) and
 * the spec's general errors. Each widget keeps its labels in its own folder and names only its area, so a page
 * loading one widget downloads neither the others' copy nor the hosted app's.
 * @example const say = sayWith({ "live.full": "Full" }, liveEn); say("live.full"); say("confirm.cancelClass");
 */
export function sayWith<L extends Record<string, string>, S extends Record<string, string> = Record<never, string>>(
  labels: L,
  spec?: S,
) {
  const all: Record<string, string> = { ...errorsEn, ...spec, ...common, ...labels };
  return (key: keyof L | keyof typeof common | keyof S | keyof typeof errorsEn, params?: Params): string =>
    interpolate(all[key as string]!, params);
}

/** The shared labels and the spec's general errors (for the shared parts in ui/). */
export const say = sayWith({});
