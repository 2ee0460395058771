import { matchLocale, pickLocale, type Locale } from "../../../src/domain/locales.js";

/** Where a visitor's own choice of language is kept on this device (signed in or not). */
const STORED_LANGUAGE = "fitkit.language";

/**
 * The app's language by precedence: the member's saved preference, else the choice stored on this device, else the
 * page's `<html lang>` when the server set one, else the browser's languages, else English.
 */
export const appLocale = (sources: {
  preference?: unknown;
  stored?: string | null;
  htmlLang?: string | null;
  browser?: readonly string[];
}): Locale =>
  pickLocale(
    typeof sources.preference === "string" ? sources.preference : undefined,
    sources.stored,
    sources.htmlLang,
    ...(sources.browser ?? []),
  );

/** The device's stored choice, when storage is readable and holds a supported language. */
function storedLocale(): Locale | undefined {
  try {
    return matchLocale(localStorage.getItem(STORED_LANGUAGE));
  } catch {
    return undefined;
  }
}

export function storeLocale(locale: Locale) {
  try {
    localStorage.setItem(STORED_LANGUAGE, locale);
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
}

/**
 * The page's `lang` as its server wrote it: the shell's index.html marks its built-in `lang="en"` with
 * `data-lang="default"`, which is not a choice, so the browser's languages decide then.
 */
export const pageLang = (root: HTMLElement = document.documentElement): string | null =>
  root.dataset.lang === "default" ? null : root.getAttribute("lang");

/** The language to start in, before the member's preferences are known. */
export const bootLocale = (): Locale =>
  appLocale({
    stored: storedLocale(),
    htmlLang: pageLang(),
    browser: navigator.languages.length ? navigator.languages : [navigator.language],
  });
