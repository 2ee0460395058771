import { DAY_MS } from "./numbers.js";

/**
 * The local calendar date of an instant in a time zone, counted as a day number (days since 1970-01-01 of that local
 * date): whole dates, never elapsed 24-hour spans, so a daylight-saving day (23 or 25 hours) is one day like any
 * other. The one place the kit asks the time-zone database for "which day is it there" (streaks, plan days).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    // Gregorian dates in Latin digits whatever the runtime's default calendar and numbering.
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    // Zones come from requests (a member's tz): the cache stays small whatever they send.
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(timeZone, format);
  }
  return format;
}

/**
 * The day number of the date `instant` falls on in `timeZone` (an IANA name; a RangeError for an unknown one).
 * @example dayInZone(new Date("2026-11-16T03:00:00Z"), "America/Chicago") // 20772 (2026-11-15)
 */
export function dayInZone(instant: Date, timeZone: string): number {
  let year = 1970;
  let month = 1;
  let day = 1;
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type === "year") year = Number(part.value);
    else if (part.type === "month") month = Number(part.value);
    else if (part.type === "day") day = Number(part.value);
  }
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The zone's canonical name as the runtime resolves it (`america/chicago` → `America/Chicago`). */
export const resolvedZone = (timeZone: string): string => formatterFor(timeZone).resolvedOptions().timeZone;

/** `2026-11-15` for a day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
