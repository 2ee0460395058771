import { en, type Messages } from "../messages.js";
import { BASE_LOCALE, type Locale } from "../../domain/locales.js";

/**
 * Each language's whole catalogue (the app's copy and the spec areas' copy), loaded with `import()` only when that
 * language is chosen: English is built in, so an English page fetches nothing more.
 */
const loaders: Record<Exclude<Locale, "en-US">, () => Promise<Partial<Messages>>> = {
  "es-US": () => import("./es-US.js").then((m) => m.catalogue),
  "fr-CA": () => import("./fr-CA.js").then((m) => m.catalogue),
};

export const loadCatalogue = (locale: Locale): Promise<Partial<Messages>> =>
  locale === BASE_LOCALE ? Promise.resolve(en) : loaders[locale as Exclude<Locale, "en-US">]();

/**
 * One catalogue from translation modules whatever their export names (`libraryEsUS`, `catalogue`…): every exported
 * object is a Partial of the English keys, later modules winning.
 */
export const merge = (...modules: Record<string, unknown>[]): Partial<Messages> =>
  Object.assign(
    {},
    ...modules.flatMap((m) => Object.values(m).filter((v): v is object => typeof v === "object" && v !== null)),
  ) as Partial<Messages>;
