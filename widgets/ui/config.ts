import { CONFIG_SCRIPT_ID } from "../constants.js";
import { useWidget, type WidgetConfig } from "./context.js";

/** The page-level `<script type="application/json" id="fitkit-config">` settings, read once per page. */
export interface PageConfig extends Partial<WidgetConfig> {
  /** Functional-cookie consent given on this page (the referral widget needs it). */
  functionalConsent?: boolean;
}

let pageConfig: { text: string; value: PageConfig } | undefined;
/** Parsed once per text: a config script that appears or changes later (after the widget script) is still read. */
export function readPageConfig(doc: Document = document): PageConfig {
  const text = doc.getElementById(CONFIG_SCRIPT_ID)?.textContent ?? "";
  if (pageConfig?.text === text) return pageConfig.value;
  let value: PageConfig = {};
  try {
    value = text.trim() ? (JSON.parse(text) as PageConfig) : {};
  } catch {
    console.warn(`[fitkit W002] #${CONFIG_SCRIPT_ID} is not valid JSON; ignoring it.`);
  }
  pageConfig = { text, value };
  return value;
}

/** Where the widget scripts were loaded from: the default API and app origin when nothing else is configured. */
const scriptOrigin = new URL(import.meta.url).origin;

/** Resolves a widget's settings: its attributes first, then the page config, then defaults. */
export function resolveConfig(host: Partial<WidgetConfig>, page: PageConfig = readPageConfig()): WidgetConfig {
  const apiBase = (host.apiBase || page.apiBase || scriptOrigin).replace(/\/+$/, "");
  return {
    apiBase,
    appUrl: (host.appUrl || page.appUrl || apiBase).replace(/\/+$/, ""),
    locale: host.locale || page.locale || "en-US",
    timeZone: validZone(host.timeZone) ?? validZone(page.timeZone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** The element's `time-zone` attribute or the page config names a (known) zone: the widget shows times in it. */
export const zoneChosen = (host: Partial<WidgetConfig>, page: PageConfig = readPageConfig()) =>
  !!(validZone(host.timeZone) ?? validZone(page.timeZone));

/** The zone when Intl knows it (a typo in `time-zone` falls back instead of breaking the widget). */
function validZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * The current widget's resolved settings (re-read on every render, so attribute changes apply); dates and numbers
 * format in the tag that chose the widget's language (see locale.ts) unless the `locale` attribute names another.
 */
export function useWidgetConfig(): WidgetConfig {
  const { host, formatLocale } = useWidget();
  return { ...resolveConfig(host as unknown as Partial<WidgetConfig>), locale: formatLocale };
}

/** Media paths the API answers (posters, trainer photos) are relative to the API host, not to the embedding page. */
export const mediaUrl = (path: string | null | undefined, apiBase: string): string | undefined =>
  path ? new URL(path, `${apiBase}/`).href : undefined;
