import { refusalCodes, type RefusalKey } from "./spec/refusals.js";
import { interpolate, type Params } from "./translate-core.js";

/** What a refusal's error body carries for a client that says it in another language (the contract's error body). */
interface CodedBody {
  code?: unknown;
  values?: Record<string, unknown>;
}

/** "martes, 25 de noviembre, 6:00 a.m. CST": an instant a refusal names, in the reader's language and zone. */
const MOMENT: Intl.DateTimeFormatOptions = {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/;

/**
 * The catalogue key and values of a server refusal (`spec/refusals.ts`) from its error body's `code`, so a client can
 * say it in `locale`: an instant among the values (ISO 8601) is written out in that language, in the zone the
 * values name; undefined for a body whose code is not a member refusal (shown as the server sent it).
 * @example refusalOf({ code: "waitlist_full" }, "es-US") // { key: "refusal.waitlistFull", params: {} }
 */
export function refusalOf(body: unknown, locale: string): { key: RefusalKey; params: Params } | undefined {
  const { code, values = {} } = (body ?? {}) as CodedBody;
  const key = (Object.keys(refusalCodes) as RefusalKey[]).find((k) => refusalCodes[k] === code);
  if (!key) return undefined;
  const zone = typeof values.zone === "string" ? values.zone : undefined;
  const params: Params = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== "string" && typeof value !== "number") continue;
    params[name] =
      typeof value === "string" && INSTANT.test(value)
        ? new Date(value).toLocaleString(locale, { ...MOMENT, timeZone: zone })
        : value;
  }
  return { key, params };
}

/**
 * A server refusal in a translation (a catalogue holding the refusals' keys), filled with the server's values:
 * undefined when the body is not a refusal the catalogue knows.
 */
export function translateRefusal(
  body: unknown,
  catalogue: Readonly<Record<string, string | undefined>>,
  locale: string,
): string | undefined {
  const known = refusalOf(body, locale);
  const text = known && catalogue[known.key];
  return text && interpolate(text, known.params);
}
