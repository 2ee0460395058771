import { useEffect, useState } from "react";
import { searchWorkouts } from "../../../../src/api/index.js";
import { emptyFilters, searchRequest } from "../../../../src/domain/index.js";
import type { Workout } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { Row } from "../../ui/row.js";
import { WorkoutCard } from "../../ui/workout-card.js";
import { ButtonLink } from "../../ui/button.js";
import { t } from "../../../../src/i18n/index.js";

export interface HomeRow {
  title: string;
  kind: string;
  source?: { slug?: string; limit?: number };
}

const limitOf = (row: HomeRow) => row.source?.limit ?? 12;

/**
 * Home rows never repeat what the page already shows: each row leaves out the classes of the carousels and rows
 * above it, so "New This Week", "New Classes" and "Quick Hits" (all newest first, and overlapping in the catalogue)
 * each open with classes of their own. Pure: the rows' search results in, what each row shows out.
 */
function distinctRows(
  rows: HomeRow[],
  results: (Workout[] | undefined)[],
  shownAbove: Iterable<string>,
): (Workout[] | undefined)[] {
  const seen = new Set(shownAbove);
  let waiting = false;
  return rows.map((row, i) => {
    // A row waits for the rows above it, or it could show what they are about to show.
    if (waiting || !results[i]) return ((waiting = true), undefined);
    const shown = results[i].filter((w) => !seen.has(w.id)).slice(0, limitOf(row));
    for (const w of shown) seen.add(w.id);
    return shown;
  });
}

/**
 * The workouts of the home page's content rows (newest of a category or a collection), fetched in parallel with
 * room to leave out `shownAbove` and the rows before; `undefined` until the carousels above have loaded.
 */
export function useHomeRows(rows: HomeRow[], shownAbove: string[] | undefined): (Workout[] | undefined)[] {
  const store = useStore();
  const [results, setResults] = useState<(Workout[] | undefined)[]>([]);
  const key = JSON.stringify(rows);
  useEffect(() => {
    const controller = new AbortController();
    setResults([]);
    let room = 40;
    rows.forEach((row, i) => {
      const slug = row.source?.slug;
      const filters = emptyFilters();
      if (row.kind === "collection" && slug) filters.collections = [slug];
      const hits = Math.min(1000, limitOf(row) + room);
      room += limitOf(row);
      const request = searchRequest({
        filters,
        category: row.kind === "category" && slug !== "all-classes" ? slug : undefined,
        hits,
      });
      const settle = (workouts: Workout[]) => setResults((previous) => Object.assign([...previous], { [i]: workouts }));
      if (request)
        searchWorkouts(store.api, request, controller.signal).then(
          (r) => settle(r.hits),
          () => !controller.signal.aborted && settle([]),
        );
      else settle([]);
    });
    return () => controller.abort();
  }, [key, store]);
  return shownAbove ? distinctRows(rows, results, shownAbove) : rows.map(() => undefined);
}

/** A home row from content: its workouts and a See all link to the category or the library. */
export function ContentRow({ row, workouts, base }: { row: HomeRow; workouts: Workout[]; base: string }) {
  if (!workouts.length) return null;
  const slug = row.source?.slug;
  const seeAll = row.kind === "category" && slug && slug !== "all-classes" ? `/classes/categories/${slug}` : "/classes";
  return (
    <Row
      title={row.title}
      action={
        <ButtonLink href={seeAll} variant="ghost">
          {t("home.seeAll")}
        </ButtonLink>
      }
    >
      {workouts.map((w) => (
        <WorkoutCard key={w.id} workout={w} base={base} />
      ))}
    </Row>
  );
}
