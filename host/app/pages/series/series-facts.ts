import type { Series } from "../../../../src/api/types.js";

/** A series as the series page shows it: from a list first, then from its own call (items, chapters, related). */
export type SeriesView = Series;

/** Workouts grouped by chapter, in order (one group without a title when the series has no chapters). */
export function chaptersOf(series: SeriesView) {
  const groups = new Map<number, { chapter: number; title: string; workouts: NonNullable<SeriesView["items"]> }>();
  for (const w of series.items ?? []) {
    const n = w.chapter;
    const group = groups.get(n) ?? { chapter: n, title: w.chapter_title, workouts: [] };
    group.workouts.push(w);
    groups.set(n, group);
  }
  return [...groups.values()].sort((a, b) => a.chapter - b.chapter);
}
