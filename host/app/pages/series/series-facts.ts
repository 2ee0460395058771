import type { Series, Workout } from "../../../../src/api/types.js";

/** What the series read answers beyond the contract's Series (catalogue-series service). */
export type SeriesView = Series & {
  image_url?: string | null;
  suggested_schedule?: string | null;
  before_you_start?: string | null;
  totalMinutes?: number;
  classTypes?: string[];
  focus?: string[];
  chapters?: { chapter: number; title: string; workoutsCount: number }[];
  items?: (Workout & { chapter?: number; chapter_title?: string; position?: number })[];
};

/** Workouts grouped by chapter, in order (one group without a title when the series has no chapters). */
export function chaptersOf(series: SeriesView) {
  const groups = new Map<number, { chapter: number; title: string; workouts: NonNullable<SeriesView["items"]> }>();
  for (const w of series.items ?? []) {
    const n = w.chapter ?? 0;
    const group = groups.get(n) ?? { chapter: n, title: w.chapter_title ?? "", workouts: [] };
    group.workouts.push(w);
    groups.set(n, group);
  }
  return [...groups.values()].sort((a, b) => a.chapter - b.chapter);
}
