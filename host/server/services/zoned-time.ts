/** Instants answered in a location's own time zone: ISO-8601 with that zone's offset at that instant. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * `2026-11-22T07:00:00.000-06:00` for 13:00 UTC in America/Chicago.
 * @example isoInZone(new Date("2026-11-22T13:00:00Z"), "America/Chicago") // "2026-11-22T07:00:00.000-06:00"
 */
export function isoInZone(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  // longOffset is "GMT-06:00", or plain "GMT" at offset zero.
  const zone = parts.timeZoneName!; // the formatter asks for it
  const offset = zone === "GMT" ? "+00:00" : zone.slice(3);
  const ms = String(instant.getUTCMilliseconds()).padStart(3, "0");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${ms}${offset}`;
}

/** The calendar date an instant falls on in a zone: `2026-11-22`. */
export function localDay(instant: Date, timeZone: string): string {
  return isoInZone(instant, timeZone).slice(0, 10);
}

/** A calendar date `n` days after `day` (both `YYYY-MM-DD`; no zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The zone's UTC offset at an instant, in milliseconds (-6 h in Chicago in winter). */
function offsetMs(instant: Date, timeZone: string): number {
  const [, sign, hours, minutes] = /([+-])(\d{2}):(\d{2})$/.exec(isoInZone(instant, timeZone)) ?? [];
  const size = (Number(hours) * 60 + Number(minutes)) * 60_000;
  return sign === "-" ? -size : size;
}

/**
 * The instant a calendar date starts in a zone. Two passes, because the offset at UTC midnight may differ from the
 * one at local midnight on a daylight-saving change day.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const first = midnightUtc - offsetMs(new Date(midnightUtc), timeZone);
  return new Date(midnightUtc - offsetMs(new Date(first), timeZone));
}
