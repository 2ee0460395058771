import { BASE_LOCALE, matchLocale, type Locale } from "../../src/domain/locales.js";

/** The `lang` of the closest element that has one (the element itself first), crossing shadow roots up to `<html>`. */
export function nearestLang(el: Element): string | undefined {
  let node: Element | null = el;
  while (node) {
    const found: Element | null = node.closest("[lang]");
    if (found) return found.getAttribute("lang") ?? undefined;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return undefined;
}

export interface LocaleChoice {
  /** The language the widget speaks. */
  locale: Locale;
  /** The tag dates, times and numbers are formatted in: the `locale` attribute, else the tag that chose `locale`. */
  format: string;
}

/**
 * A widget's language (issue 22): its `lang` or `locale` attribute, else the nearest `lang` of the host page, else
 * the page config's `locale`, else the browser's languages; the first that names a supported language wins
 * ("fr-FR" speaks fr-CA), and a tag fitkit does not speak (`lang="de"`) passes to the next source.
 */
export function chooseLocale(
  own: { locale?: string | null },
  pageLang: string | undefined,
  configLocale: string | undefined,
  browser: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages,
): LocaleChoice {
  const tag = [own.locale, pageLang, configLocale, ...browser].find(matchLocale);
  return { locale: matchLocale(tag) ?? BASE_LOCALE, format: own.locale || tag || configLocale || BASE_LOCALE };
}
