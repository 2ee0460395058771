/**
 * Plan days as calendar dates in the member's time zone, and how pauses move them. Dates are counted as whole
 * calendar dates (day numbers since 1970-01-01 of the local date), never as elapsed 24-hour spans, so a pause across
 * a daylight-saving change (a 23- or 25-hour day) moves a plan by exactly the dates it lasted.
 */
import { dayInZone, isoDay } from "../../../src/domain/zone-day.js";

/** One pause of a dated plan, as calendar_pauses stores it. */
export interface PlanPause {
  pausedAt: Date;
  timeZone: string;
  /** The plan day that was today when paused. */
  fromDay: number;
  resumedAt: Date | null;
  /** Whole dates the pause lasted in its zone (set on resume). */
  days: number | null;
}

/** A calendar_pauses row as the schedule reads it. */
export const toPlanPause = (p: {
  paused_at: Date;
  time_zone: string;
  from_day: number;
  resumed_at: Date | null;
  days: number | null;
}): PlanPause => ({
  pausedAt: new Date(p.paused_at),
  timeZone: p.time_zone,
  fromDay: p.from_day,
  resumedAt: p.resumed_at ? new Date(p.resumed_at) : null,
  days: p.days,
});

/** The whole dates between a pause and its resume (or now, while it lasts), counted in the zone it started in. */
export function pausedDays(pause: Pick<PlanPause, "pausedAt" | "timeZone">, until: Date): number {
  return Math.max(0, dayInZone(until, pause.timeZone) - dayInZone(pause.pausedAt, pause.timeZone));
}

interface PlanSchedule {
  /** Today's plan day: while paused it stays the day that was today when the pause began. */
  currentDay: number;
  /** The date of a plan day: day 1 is the enrolment date, and a pause moves its from-day and every later day. */
  dateOf(day: number): string;
  /** Whole dates of the finished pauses: how much later the plan now ends. */
  pausedDays: number;
}

/**
 * Where a dated plan stands now. While a pause lasts, the days it holds are shown as if resumed today (they keep
 * moving until the member resumes); once resumed, they are fixed by the pause's recorded `days`.
 * @example
 * // Enrolled Monday 16 Nov, paused Tuesday on day 2, resumed Friday: day 2 lands on Friday, day 5 on Monday 23.
 * planSchedule(monday, [{ pausedAt: tuesday, timeZone: "UTC", fromDay: 2, resumedAt: friday, days: 3 }], friday, "UTC")
 */
export function planSchedule(enrolledAt: Date, pauses: PlanPause[], now: Date, timeZone: string): PlanSchedule {
  const first = dayInZone(enrolledAt, timeZone);
  const shifts = pauses.map((p) => ({ fromDay: p.fromDay, days: p.days ?? pausedDays(p, now) }));
  const finished = pauses.reduce((sum, p) => sum + (p.resumedAt ? (p.days ?? 0) : 0), 0);
  const open = pauses.find((p) => !p.resumedAt);
  const currentDay = open ? open.fromDay : dayInZone(now, timeZone) - first + 1 - finished;
  return {
    currentDay,
    dateOf: (day) => isoDay(first + day - 1 + shifts.reduce((sum, s) => sum + (s.fromDay <= day ? s.days : 0), 0)),
    pausedDays: finished,
  };
}
