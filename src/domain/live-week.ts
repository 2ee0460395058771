import { DAY_MS } from "./numbers.js";

/** Spec §9: a week has 7 days; classes reach 30 days ahead. */
const WEEK_DAYS = 7;

/** Local midnight of the day containing `t`. */
export const startOfDay = (t: number | Date) => {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d;
};
const addDays = (d: Date, n: number) => {
  const r = new Date(d);
  r.setDate(r.getDate() + n);
  return r;
};
/** Whole calendar days from `a` to `b` (DST-safe). */
const daysBetween = (a: Date, b: Date) => Math.round((startOfDay(b).getTime() - startOfDay(a).getTime()) / DAY_MS);

/** The seven days shown, starting at `first`. */
export const weekFrom = (first: Date | number) =>
  Array.from({ length: WEEK_DAYS }, (_, i) => addDays(startOfDay(first), i));

/** Spec §4: previous only when the first displayed day is in the future. */
export const canShowPreviousWeek = (firstDay: Date, now: number) => daysBetween(new Date(now), firstDay) > 0;

/** Spec §4: next only when the last displayed day is within 30 days. */
export const canShowNextWeek = (firstDay: Date, now: number) =>
  daysBetween(new Date(now), addDays(firstDay, WEEK_DAYS - 1)) < 30;

/** The first day after moving a week back or forward, never before today. */
export function shiftWeek(firstDay: Date, direction: -1 | 1, now: number): Date {
  const moved = addDays(startOfDay(firstDay), direction * WEEK_DAYS);
  return daysBetween(new Date(now), moved) < 0 ? startOfDay(now) : moved;
}

/**
 * The day the week opens on while the visitor has not picked one: the first shown day that still has classes (late in
 * the day today's have all ended, and the next day's are what a visitor came for), else the first shown day.
 */
export const openingDay = (days: Date[], hasClassesLeft: (day: Date) => boolean) =>
  days.find(hasClassesLeft) ?? days[0]!;
