/**
 * Streaks (issue 19): days and weeks in a row with something done, counted on the member's own calendar.
 *
 * Days are local calendar days in the member's IANA time zone. An instant becomes a day through Intl (the zone's
 * rules, DST included), and from then on days are plain integers (days since 1970-01-01 of the local calendar), so
 * "the next day" is +1 whatever the zone did to its clocks that night: a 23- or 25-hour day is still one day.
 */
import { dayInZone, isoDay, resolvedZone } from "./zone-day.js";

/** The first daily milestones; after a year, every further year is one (730, 1095, …): there is no upper limit. */
const FIRST_MILESTONES = [7, 30, 100, 365] as const;
const YEAR = 365;

/** An enrolled calendar: its day 1 is the local date the member enrolled on; `restDays` are its rest day numbers. */
export interface StreakCalendar {
  enrolledAt: Date;
  restDays: readonly number[];
}

export interface StreakInput {
  /** When each completed on-demand workout started (a late-night workout counts for the day it started). */
  workouts: readonly Date[];
  /** When each attended (checked-in) live class started. */
  liveClasses: readonly Date[];
  /** The member's enrolled calendars: their rest days keep a daily streak alive. */
  calendars: readonly StreakCalendar[];
  /** The member's IANA time zone (`America/Chicago`); an unknown one throws a RangeError. */
  timeZone: string;
  now: Date;
}

export interface StreakMilestone {
  /** A daily streak of this many days. */
  days: number;
  /** The local date the member first reached it (YYYY-MM-DD). */
  reachedOn: string;
}

export interface Streaks {
  /** The zone the days were counted in, as Intl names it. */
  timeZone: string;
  /** Today's local date (YYYY-MM-DD). */
  today: string;
  /** Today so far: something done, a rest day of an enrolled calendar, or still open (which breaks nothing yet). */
  todayStatus: "done" | "rest" | "open";
  daily: {
    /** Days in a row up to today, or up to yesterday while today is still open. */
    current: number;
    longest: number;
    /** The local date the current streak began, or null without one. */
    currentSince: string | null;
  };
  /** Monday-to-Sunday weeks in a row with at least one workout or live class; this week open breaks nothing yet. */
  weekly: { current: number; longest: number };
  milestones: {
    /** Every daily milestone reached in any streak so far, smallest first. */
    reached: StreakMilestone[];
    /** The next milestone for the current streak, and the days still to go. */
    next: { days: number; remaining: number };
  };
}

/** Whether a daily streak of this length is a milestone: 7, 30, 100, 365, then every 365 days. */
export function isStreakMilestone(days: number): boolean {
  return (FIRST_MILESTONES as readonly number[]).includes(days) || (days > YEAR && days % YEAR === 0);
}

/**
 * The smallest milestone longer than a streak of `days`.
 * @example nextStreakMilestone(12) // 30
 * @example nextStreakMilestone(400) // 730
 */
export function nextStreakMilestone(days: number): number {
  for (const m of FIRST_MILESTONES) if (m > days) return m;
  return (Math.floor(days / YEAR) + 1) * YEAR;
}

/** The Monday of a day's week (day 0, 1970-01-01, was a Thursday). */
const mondayOf = (day: number) => day - ((((day + 3) % 7) + 7) % 7);

/**
 * Current and longest daily and weekly streaks, the milestones reached and the next one.
 *
 * A day counts when a workout or a live class started on it. A day with nothing done breaks the daily streak unless
 * it is a rest day of an enrolled calendar, which keeps the streak alive and counts as one of its days; a streak
 * begins with a day something was done (rest days alone are no streak). Today with nothing done yet breaks nothing:
 * the current streak then runs up to yesterday. Anything dated after `now` is left out.
 * @example
 * computeStreaks({ workouts: [new Date("2026-11-24T05:50:00Z")], liveClasses: [], calendars: [],
 *   timeZone: "America/Chicago", now: new Date("2026-11-24T18:00:00Z") }).daily.current // 1 (23:50 on the 23rd)
 */
export function computeStreaks(input: StreakInput): Streaks {
  const zone = resolvedZone(input.timeZone);
  const dayOf = (instant: Date) => dayInZone(instant, zone);
  const nowMs = input.now.getTime();
  const today = dayOf(input.now);

  const active = new Set<number>();
  for (const at of [...input.workouts, ...input.liveClasses]) {
    const ms = at.getTime();
    if (Number.isFinite(ms) && ms <= nowMs) active.add(dayOf(at));
  }
  const rest = new Set<number>();
  for (const calendar of input.calendars) {
    const first = dayOf(calendar.enrolledAt);
    for (const n of calendar.restDays) if (n >= 1 && first + n - 1 <= today) rest.add(first + n - 1);
  }

  // Daily: walk the kept days (done or rest) oldest first; a gap ends a run, and a run starts on a day done.
  const kept = [...new Set([...active, ...rest])].sort((a, b) => a - b);
  const reached = new Map<number, number>();
  let runStart: number | undefined;
  let previous = Number.NEGATIVE_INFINITY;
  let longest = 0;
  for (const day of kept) {
    if (day !== previous + 1) runStart = undefined;
    previous = day;
    if (runStart === undefined) {
      if (!active.has(day)) continue;
      runStart = day;
    }
    const length = day - runStart + 1;
    longest = Math.max(longest, length);
    if (isStreakMilestone(length) && !reached.has(length)) reached.set(length, day);
  }
  // The last run is the current one when it reaches today, or yesterday while today is open.
  let current = 0;
  let currentSince: string | null = null;
  if (runStart !== undefined && previous >= today - 1) {
    current = previous - runStart + 1;
    currentSince = isoDay(runStart);
  }

  // Weekly: Mondays of the weeks with something done.
  const weeks = [...new Set([...active].map(mondayOf))].sort((a, b) => a - b);
  const thisWeek = mondayOf(today);
  let weekRun = 0;
  let longestWeeks = 0;
  let lastWeek = Number.NEGATIVE_INFINITY;
  for (const week of weeks) {
    weekRun = week === lastWeek + 7 ? weekRun + 1 : 1;
    longestWeeks = Math.max(longestWeeks, weekRun);
    lastWeek = week;
  }
  const currentWeeks = lastWeek >= thisWeek - 7 ? weekRun : 0;

  const next = nextStreakMilestone(current);
  return {
    timeZone: zone,
    today: isoDay(today),
    todayStatus: active.has(today) ? "done" : rest.has(today) ? "rest" : "open",
    daily: { current, longest, currentSince },
    weekly: { current: currentWeeks, longest: longestWeeks },
    milestones: {
      reached: [...reached].sort(([a], [b]) => a - b).map(([days, day]) => ({ days, reachedOn: isoDay(day) })),
      next: { days: next, remaining: next - current },
    },
  };
}
