export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders; unknown placeholders stay as written so a missing value is visible, not blank. */
export const interpolate = (template: string, params: Params = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/**
 * The template for a key. Plurals are a key suffix: when `params.count` is a number, `key#<category>` (the locale's
 * Intl.PluralRules category: `one`, `few`, `many`…) wins over the plain key, which holds the `other` form.
 * @example pick({ "x#one": "{count} spot left", x: "{count} spots left" }, "x", { count: 1 }, "en-US")
 */
export function pick(
  catalogue: Record<string, string | undefined>,
  key: string,
  params: Params | undefined,
  locale: string,
): string | undefined {
  const count = params?.count;
  return (
    (typeof count === "number" ? catalogue[`${key}#${new Intl.PluralRules(locale).select(count)}`] : undefined) ??
    catalogue[key]
  );
}

/**
 * A `t()` over a base catalogue; a translation passed per call (and its locale, for plurals) wins key by key, and a
 * key it lacks falls back to the base catalogue's wording.
 */
export const createTranslator =
  <K extends string>(base: Record<K, string>) =>
  (key: K, params?: Params, messages?: Partial<Record<K, string>>, locale = "en-US") =>
    interpolate(
      (messages && pick(messages, key, params, locale)) ?? pick(base, key, params, "en-US") ?? base[key],
      params,
    );

/**
 * A translation of an English catalogue: any of its keys and their plural forms (`key#one`, `key#few`…), nothing
 * else; a key it lacks shows in English.
 */
export type TranslationOf<T> = {
  [K in (keyof T & string) | `${keyof T & string}#${Intl.LDMLPluralRule}`]?: string;
};
