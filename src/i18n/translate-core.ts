export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders; unknown placeholders stay as written so a missing value is visible, not blank. */
export const interpolate = (template: string, params: Params = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A `t()` over a base catalogue; a translation passed per call wins key by key. */
export const createTranslator =
  <K extends string>(base: Record<K, string>) =>
  (key: K, params?: Params, messages?: Partial<Record<K, string>>) =>
    interpolate(messages?.[key] ?? base[key], params);
