import type { WorkoutStats } from "../../../../src/api/types.js";
import { currentLocale } from "../../../../src/i18n/index.js";

export interface WeekTotals {
  /** Monday of the week, YYYY-MM-DD (local calendar). */
  week: string;
  workouts: number;
  minutes: number;
}

/** What the weekly sums read of a stats day. */
type Day = Pick<WorkoutStats["by_day"][number], "date" | "total" | "minutes">;

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** Monday of the week holding `d` (local midnight). */
export function mondayOf(d: Date): Date {
  const m = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  m.setDate(m.getDate() - ((m.getDay() + 6) % 7));
  return m;
}

/** The window of the last `weeks` weeks ending with the current one: its first Monday and today, as dates. */
export function weeksWindow(weeks: number, now = new Date()) {
  const first = mondayOf(now);
  first.setDate(first.getDate() - 7 * (weeks - 1));
  return { startDate: iso(first), endDate: iso(now) };
}

/** Sums the stats' days into Monday-based weeks, every week of the window present (zeros included), oldest first. */
export function weeklyTotals(
  stats: { by_day: readonly Day[] } | undefined,
  weeks: number,
  now = new Date(),
): WeekTotals[] {
  const out: WeekTotals[] = [];
  const first = mondayOf(now);
  first.setDate(first.getDate() - 7 * (weeks - 1));
  for (let i = 0; i < weeks; i++) {
    const d = new Date(first);
    d.setDate(first.getDate() + 7 * i);
    out.push({ week: iso(d), workouts: 0, minutes: 0 });
  }
  for (const day of stats?.by_day ?? []) {
    const monday = iso(mondayOf(new Date(`${day.date}T12:00:00`)));
    const slot = out.find((w) => w.week === monday);
    if (!slot) continue;
    slot.workouts += day.total;
    slot.minutes += day.minutes;
  }
  return out;
}

export const weekLabel = (week: string, month: "short" | "long" = "short") =>
  new Date(`${week}T12:00:00`).toLocaleDateString(currentLocale(), { month, day: "numeric" });
