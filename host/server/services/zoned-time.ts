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

/** The zone's offset at an instant, in milliseconds, read from the formatter's `longOffset` ("GMT-06:00"). */
function formattedOffsetMs(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const zone = parts.find((part) => part.type === "timeZoneName")!.value; // the formatter asks for it
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?$/.exec(zone);
  if (!match) return 0; // plain "GMT" at offset zero
  const size = ((Number(match[2]) * 60 + Number(match[3] ?? 0)) * 60 + Number(match[4] ?? 0)) * 1000;
  return match[1] === "-" ? -size : size;
}

/** Zones change offset at most once in any quarter hour, and only on its boundary; offsets are cached per quarter. */
const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 50_000;

/**
 * The zone's UTC offset at an instant, in milliseconds. The formatter is asked at the two ends of the instant's quarter
 * hour; where they agree the offset holds for the whole quarter and is cached, otherwise the instant itself is asked.
 */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR);
  let zone = offsetCache.get(timeZone);
  const cached = zone?.get(quarter);
  if (cached !== undefined) return cached;
  const start = formattedOffsetMs(quarter * QUARTER_HOUR, timeZone);
  const end = formattedOffsetMs((quarter + 1) * QUARTER_HOUR - 1, timeZone);
  if (start !== end) return formattedOffsetMs(instant, timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  if (zone.size >= OFFSET_CACHE_LIMIT) zone.clear();
  zone.set(quarter, start);
  return start;
}

function offsetText(offset: number): string {
  const size = Math.abs(offset) / 1000;
  const hours = String(Math.floor(size / 3600)).padStart(2, "0");
  const minutes = String(Math.floor(size / 60) % 60).padStart(2, "0");
  const seconds = size % 60;
  return `${offset < 0 ? "-" : "+"}${hours}:${minutes}${seconds ? `:${String(seconds).padStart(2, "0")}` : ""}`;
}

/**
 * `2026-11-22T07:00:00.000-06:00` for 13:00 UTC in America/Chicago. The local wall time is the instant shifted by
 * the zone's offset, so only the offset needs the time-zone database.
 * @example isoInZone(new Date("2026-11-22T13:00:00Z"), "America/Chicago") // "2026-11-22T07:00:00.000-06:00"
 */
export function isoInZone(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  const offset = zoneOffsetMs(time, timeZone);
  return new Date(time + offset).toISOString().slice(0, 23) + offsetText(offset);
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

/**
 * The instant a calendar date starts in a zone. Two passes, because the offset at UTC midnight may differ from the
 * one at local midnight on a daylight-saving change day.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const first = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(first, timeZone));
}

/** Whether `zone` names a time zone the runtime knows (an IANA name such as `America/Chicago`). */
export const validZone = (zone: unknown): zone is string => {
  if (typeof zone !== "string" || !zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The instant a wall time (`YYYY-MM-DDTHH:MM[:SS[.sss]]`, no offset) names in a zone; two passes like
 * startOfLocalDay, so a time beside a daylight-saving change reads with the offset in force then.
 * @example instantOfWallTime("2027-03-01T09:02", "America/Chicago") // 2027-03-01T15:02:00.000Z
 */
export function instantOfWallTime(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall}Z`);
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  return new Date(asUtc - zoneOffsetMs(first, timeZone));
}
