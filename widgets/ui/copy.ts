import { errorsEn } from "../../src/i18n/spec/errors.js";
import { BASE_LOCALE, type Locale } from "../../src/domain/locales.js";
import { interpolate, pick, type Params } from "../../src/i18n/translate-core.js";

/** Labels every widget uses (the spec leaves them to the UI). */
const common = {
  loading: "Loading…",
  retry: "Try again",
  offline: "You’re offline. Showing what was loaded; actions will work again when you reconnect.",
  close: "Close",
} as const;

/** The language a widget speaks and its translation of the widget's keys (empty for English, the base). */
export interface Copy {
  locale: Locale;
  messages: Readonly<Record<string, string>>;
}
const english: Copy = { locale: BASE_LOCALE, messages: {} };
let active = english;

/**
 * Makes `say()` speak a widget's language: `useWidget()` calls it at the top of every component's render, so the
 * strings a render asks for (and those its event handlers ask for right after) are in that widget's language.
 */
export const speak = (copy: Copy | undefined): void => {
  active = copy ?? english;
};
/** A handler that runs later (after an await) re-selects its widget's language with `speak(copy)` first. */
export const speaking = (): Copy => active;

declare const process: { env: { NODE_ENV?: string } };
const warned = new Set<string>();
function warnMissing(locale: string, key: string) {
  // Development only: the build replaces NODE_ENV with "production" and drops this.
  if (process.env.NODE_ENV === "production" || warned.has(`${locale} ${key}`)) return;
  warned.add(`${locale} ${key}`);
  console.warn(`[fitkit W003] "${key}" has no ${locale} translation; showing the English text.`);
}

/** The keys a translation of a `say()` may hold: its keys, and their plural forms (`key#one`, `key#few`…). */
export type Translation<S extends (key: never, params?: Params) => string> = {
  [K in Parameters<S>[0] | `${Parameters<S>[0]}#${Intl.LDMLPluralRule}`]?: string;
};

/**
 * A `say()` for one widget: its own chrome labels (buttons, headings, screen-reader text the spec leaves to the UI),
 * the shared ones, its area of the spec's catalogue (`src/i18n/spec/<area>.ts`: confirmations, filter groups…) and
 * the spec's general errors. Each widget keeps its labels in its own folder and names only its area, so a page
 * loading one widget downloads neither the others' copy nor the hosted app's. The words come from the widget's
 * language (its `copy.<locale>.ts`, loaded on demand) and fall back to English key by key. A count picks its plural
 * form: `say("live.spotsLeft", { count })` reads `live.spotsLeft#one` when Intl.PluralRules says "one".
 * @example const say = sayWith({ "live.full": "Full" }, liveEn); say("live.full"); say("confirm.cancelClass");
 */
export function sayWith<L extends Record<string, string>, S extends Record<string, string> = Record<never, string>>(
  labels: L,
  spec?: S,
) {
  const all: Record<string, string> = { ...errorsEn, ...spec, ...common, ...labels };
  return (key: keyof L | keyof typeof common | keyof S | keyof typeof errorsEn, params?: Params): string => {
    const { locale, messages } = active;
    let text = locale === BASE_LOCALE ? undefined : pick(messages, key as string, params, locale);
    if (text === undefined && locale !== BASE_LOCALE) warnMissing(locale, key as string);
    text ??= pick(all, key as string, params, BASE_LOCALE) ?? "";
    return interpolate(text, params);
  };
}

/** The shared labels and the spec's general errors (for the shared parts in ui/). */
export const say = sayWith({});
