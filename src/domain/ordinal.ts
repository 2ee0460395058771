import { BASE_LOCALE, type Locale } from "./locales.js";

const ENGLISH_SUFFIX: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };

/**
 * A waitlist position as an ordinal in a language: English by Intl.PluralRules' ordinal categories (1st, 2nd, 3rd,
 * 11th, 22nd), Spanish with the masculine ordinal indicator (1.º, 3.º), French "1er" then "2e", "3e"…
 * @example ordinal(3) // "3rd"; ordinal(3, "es-US") // "3.º"; ordinal(1, "fr-CA") // "1er"
 */
export function ordinal(n: number, locale: Locale = BASE_LOCALE): string {
  if (locale === "es-US") return `${n}.º`;
  if (locale === "fr-CA") return n === 1 ? "1er" : `${n}e`;
  return `${n}${ENGLISH_SUFFIX[new Intl.PluralRules("en-US", { type: "ordinal" }).select(n)] ?? "th"}`;
}
