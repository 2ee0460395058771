import { currentLocale } from "../../../../src/i18n/index.js";

/**
 * Dates and numbers on the /studio pages in the app's chosen language. A class day (`YYYY-MM-DD`) is a date of the
 * studio's own calendar, so it is read at noon UTC and written in UTC: the viewer's time zone never moves it.
 */
const onDay = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** "Monday, Feb 15" (es-US: "lunes, 15 feb", fr-CA: "lundi 15 févr."). */
export const dayLabel = (iso: string) =>
  onDay(iso).toLocaleDateString(currentLocale(), { weekday: "long", month: "short", day: "numeric", timeZone: "UTC" });

/** "Feb 15": a week by its first day. */
export const weekLabel = (iso: string) =>
  onDay(iso).toLocaleDateString(currentLocale(), { month: "short", day: "numeric", timeZone: "UTC" });

/** A share as a whole percentage ("50%", fr-CA "50 %"). */
export const percent = (share: number) =>
  new Intl.NumberFormat(currentLocale(), { style: "percent", maximumFractionDigits: 0 }).format(share);

/** A count with the language's grouping ("1,200", fr-CA "1 200"). */
export const count = (n: number) => new Intl.NumberFormat(currentLocale()).format(n);

/** Days of the week as a short list ("Mon, Wed, Fri"). */
export const dayList = (names: string[]) =>
  new Intl.ListFormat(currentLocale(), { style: "short", type: "unit" }).format(names);
