import { en, type MessageKey, type Messages } from "./messages.js";
import { BASE_LOCALE, type Locale } from "../domain/locales.js";
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

/**
 * The template for a key: with a `count`, its plural form for the locale (`<key>#one`, `#few`, `#many`… picked by
 * Intl.PluralRules; the plain key holds `other`), the same convention as the widgets' translate-core.
 */
function lookup(key: MessageKey, messages: Partial<Messages> | undefined, count?: number): string {
  const catalogue: Partial<Record<string, string>> = messages ?? active.messages;
  const locale = messages ? BASE_LOCALE : active.locale;
  const form = count === undefined ? undefined : `${key}#${new Intl.PluralRules(locale).select(count)}`;
  const translated = (form && catalogue[form]) ?? catalogue[key];
  if (translated !== undefined) return translated;
  if (!messages) reportMissing(active.locale, key);
  // English is complete (a test holds every key to a non-empty string), so a key never shows as itself.
  const english: Partial<Record<string, string>> = en;
  const englishForm =
    count === undefined ? undefined : english[`${key}#${new Intl.PluralRules(BASE_LOCALE).select(count)}`];
  return englishForm ?? en[key];
}

/**
 * The message for a key in the active language, English where the translation lacks it (a translation passed per
 * call wins key by key instead); a numeric `count` picks the plural form.
 * @example t("confirm.leaveSeries", { series: "Phase & Function" })
 */
export const t = (key: MessageKey, params?: Params, messages?: Partial<Messages>): string =>
  interpolate(lookup(key, messages, typeof params?.count === "number" ? params.count : undefined), params);

/** Keys with plural forms (`<key>#one` beside `<key>`). */
type PluralKey = { [K in MessageKey]: K extends `${infer Base}#one` ? Base & MessageKey : never }[MessageKey];

/**
 * A count in words, in the form the active locale's plural rules pick, with the number written as the locale writes
 * it ("1,200" / "1 200").
 * @example plural("streaks.days", 3) // "3 days"
 */
export const plural = (key: PluralKey, count: number, params: Params = {}): string =>
  interpolate(lookup(key, undefined, count), { ...params, count: new Intl.NumberFormat(active.locale).format(count) });
