import { currentLocale } from "../../../../src/i18n/index.js";
import { consoleEn } from "../../../../src/i18n/console.js";
import { consoleEsUS } from "../../../../src/i18n/app/console.es-US.js";
import { consoleFrCA } from "../../../../src/i18n/app/console.fr-CA.js";
import { createTranslator, type Params } from "../../../../src/i18n/translate-core.js";

export type ConsoleKey = keyof typeof consoleEn;

const translate = createTranslator<ConsoleKey>(consoleEn);
const translations = { "es-US": consoleEsUS, "fr-CA": consoleFrCA } as const;

/**
 * The console's copy in the app's language: its own catalogue, loaded with the console's pages only, so members'
 * first paint does not carry it.
 */
export const ct = (key: ConsoleKey, params?: Params): string => {
  const locale = currentLocale();
  return translate(key, params, locale === "en-US" ? undefined : translations[locale], locale);
};

export const isConsoleKey = (key: string): key is ConsoleKey => key in consoleEn;
