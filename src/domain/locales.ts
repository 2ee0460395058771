/** The languages fitkit is written in. English is the base catalogue; the others load on demand. */
export const LOCALES = ["en-US", "es-US", "fr-CA"] as const;
export type Locale = (typeof LOCALES)[number];
export const BASE_LOCALE: Locale = "en-US";

/**
 * The supported locale closest to a BCP 47 tag: an exact match, else the same language ("fr-FR" → fr-CA,
 * "es-MX" → es-US, "en-GB" → en-US), else undefined so the caller can try its next source.
 * @example matchLocale("fr") // "fr-CA"
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  const wanted = tag?.trim().replace(/_/g, "-").toLowerCase();
  if (!wanted) return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split("-")[0];
  return LOCALES.find((l) => l.split("-")[0] === language);
}

/** The first of several sources (attribute, page `lang`, config, browser…) that names a supported language. */
export const pickLocale = (...candidates: (string | null | undefined)[]): Locale =>
  candidates.reduce<Locale | undefined>((found, tag) => found ?? matchLocale(tag), undefined) ?? BASE_LOCALE;
