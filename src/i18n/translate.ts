import { en, type MessageKey, type Messages } from "./messages.js";
import { BASE_LOCALE, type Locale } from "./locales.js";
import { interpolate, type Params } from "./translate-core.js";

// Replaced by the build ("production" in shipped bundles); tests run with Node's own.
declare const process: { env: { NODE_ENV?: string } };

/**
 * The hosted app's language: English is built in; another locale's catalogue (a Partial of the same keys) is set once
 * loaded (see `app/catalogues.ts`). `t()` reads it on every call, so a re-render after `setCatalogue` shows the new
 * language in place.
 */
let active: { locale: Locale; messages: Partial<Messages> } = { locale: BASE_LOCALE, messages: en };
const reported = new Set<string>();

/** The locale `t()` currently answers in. */
export const currentLocale = (): Locale => active.locale;

/** Makes `messages` the catalogue of `locale` for every later `t()` (the app re-renders to show it). */
export function setCatalogue(locale: Locale, messages: Partial<Messages>) {
  active = { locale, messages: locale === BASE_LOCALE ? en : messages };
}

/** A key the active translation lacks: reported once per locale and key in development, never in production. */
function reportMissing(locale: Locale, key: string) {
  if (process.env.NODE_ENV === "production" || reported.has(`${locale}:${key}`)) return;
  reported.add(`${locale}:${key}`);
  console.warn(`[i18n] "${key}" has no ${locale} translation; showing English.`);
}

function lookup(key: MessageKey, messages: Partial<Messages> | undefined): string {
  const catalogue = messages ?? active.messages;
  const translated = catalogue[key];
  if (translated !== undefined) return translated;
  if (!messages) reportMissing(active.locale, key);
  // English is complete (a test holds every key to a non-empty string), so a key never shows as itself.
  return en[key];
}

/**
 * The message for a key in the active language, English where the translation lacks it (a translation passed per
 * call wins key by key instead).
 * @example t("confirm.leaveSeries", { series: "Phase & Function" })
 */
export const t = (key: MessageKey, params?: Params, messages?: Partial<Messages>): string =>
  interpolate(lookup(key, messages), params);

/** Keys written as plural forms: `<base>.one`, `<base>.other` (and `.few`, `.many`… where a language needs them). */
type PluralKey = { [K in MessageKey]: K extends `${infer Base}.other` ? Base : never }[MessageKey];

/**
 * A count in words: the form `Intl.PluralRules` picks for the active locale (`<key>.one`, `.other`, …), else
 * `<key>.other`; `{count}` is filled with the number as the locale writes it.
 * @example plural("streaks.days", 3) // "3 days"
 */
export function plural(key: PluralKey, count: number, params: Params = {}): string {
  const form = new Intl.PluralRules(active.locale).select(count);
  const exact = `${key}.${form}` as MessageKey;
  const chosen = exact in en || exact in active.messages ? exact : (`${key}.other` as MessageKey);
  return t(chosen, { count: new Intl.NumberFormat(active.locale).format(count), ...params });
}
