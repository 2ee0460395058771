import type { Challenge } from "../../../../src/api/types.js";
import { currentLocale } from "../../../../src/i18n/index.js";

/**
 * Spec §9: the fall 2022 challenge (12 workouts, 19 Sep – 23 Oct 2022, a $50 reward); its rules show to visitors too.
 */
export const FALL_2022 = {
  slug: "fall-2022",
  workout_target: 12,
  start_time: "2022-09-19T00:00:00.000Z",
  end_time: "2022-10-23T23:59:59.999Z",
  reward: "$50",
} as const;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLocale(), {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** "September 19, 2022" and "October 23, 2022" (the window's calendar dates, whatever the member's zone). */
export const dateRange = (c: { start_time?: string; end_time: string }) =>
  [c.start_time ? day(c.start_time) : "", day(c.end_time)] as const;

export const isOver = (c: { end_time: string }, now = Date.now()) => Date.parse(c.end_time) < now;

/** The workouts grouped by their week, in order. */
export function byWeek(c: Challenge) {
  const weeks = new Map<number, Challenge["workouts"]>();
  for (const w of [...c.workouts].sort((a, b) => a.position - b.position))
    weeks.set(w.week, [...(weeks.get(w.week) ?? []), w]);
  return [...weeks.entries()].sort((a, b) => a[0] - b[0]);
}
