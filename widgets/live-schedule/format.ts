/** Date and time formatting in the visitor's (or the `time-zone` attribute's) zone. */
export interface Zone {
  locale: string;
  timeZone: string;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function format(zone: Zone, options: Intl.DateTimeFormatOptions, value: Date | number) {
  const key = `${zone.locale}|${zone.timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(zone.locale, { timeZone: zone.timeZone, ...options })));
  return f.format(value);
}

/** "Mon 23" for a day button. */
export const dayButtonLabel = (zone: Zone, day: Date) =>
  `${format(zone, { weekday: "short" }, day)} ${format(zone, { day: "numeric" }, day)}`;
/** "Monday, November 23" for the selected day's heading. */
export const dayHeading = (zone: Zone, day: Date) =>
  format(zone, { weekday: "long", month: "long", day: "numeric" }, day);
/** "6:00 PM" */
export const timeOf = (zone: Zone, t: string | number) =>
  format(zone, { hour: "numeric", minute: "2-digit" }, new Date(t));
/** The calendar day of an instant in the zone, as "2026-11-23" (for grouping classes under day buttons). */
export const dayKey = (zone: Zone, t: Date | string | number) =>
  format({ ...zone, locale: "en-CA" }, { year: "numeric", month: "2-digit", day: "2-digit" }, new Date(t));
/** The zone as the time-zone note names it: "Central Standard Time (America/Chicago)". */
export function zoneLabel(zone: Zone, t: number) {
  const name = new Intl.DateTimeFormat(zone.locale, { timeZone: zone.timeZone, timeZoneName: "long" })
    .formatToParts(t)
    .find((p) => p.type === "timeZoneName")?.value;
  return name && name !== zone.timeZone ? `${name}, ${zone.timeZone}` : zone.timeZone;
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The browser's own zone in the widget's locale: the day buttons' local midnights are read in it. */
export const localZone = (zone: Zone): Zone => ({ locale: zone.locale, timeZone: browserZone });
/** The zone's calendar day of an instant, as the local midnight of that date (what the week's day buttons hold). */
export const zoneDate = (zone: Zone, t: number) => {
  // A day key is "YYYY-MM-DD": three numbers.
  const [y, m, d] = dayKey(zone, t).split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/**
 * An instant of a class's policy on its studio's clock: "6:00 AM" on the class's own day, "Mon 24 6:00 PM" on another,
 * so "Free cancellation until …" is never ambiguous.
 */
export function placeTime(zone: Zone, c: { start_date: string; location?: { time_zone: string } }, t: string | number) {
  const at: Zone = { ...zone, timeZone: c.location?.time_zone ?? zone.timeZone };
  const time = timeOf(at, t);
  return dayKey(at, t) === dayKey(at, c.start_date) ? time : `${dayButtonLabel(at, new Date(t))} ${time}`;
}
