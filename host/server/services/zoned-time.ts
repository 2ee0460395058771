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
