import { useEffect, useState } from "react";
import { searchWorkouts } from "../../../../src/api/index.js";
import { emptyFilters, searchRequest } from "../../../../src/domain/index.js";
import type { Workout } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { Row } from "../../ui/row.js";
import { WorkoutCard } from "../../ui/workout-card.js";
import { ButtonLink } from "../../ui/button.js";

export interface HomeRow {
  title: string;
  kind: string;
  source?: { slug?: string; limit?: number };
}

/** A home row from content: the newest workouts of a category or a collection. */
export function ContentRow({ row, base }: { row: HomeRow; base: string }) {
  const store = useStore();
  const [workouts, setWorkouts] = useState<Workout[]>([]);
  const slug = row.source?.slug;
  useEffect(() => {
    const controller = new AbortController();
    const filters = emptyFilters();
    if (row.kind === "collection" && slug) filters.collections = [slug];
    const request = searchRequest({ filters, category: row.kind === "category" && slug !== "all-classes" ? slug : undefined, hits: row.source?.limit ?? 12 });
    if (request) searchWorkouts(store.api, request, controller.signal).then((r) => setWorkouts(r.hits), () => setWorkouts([]));
    return () => controller.abort();
  }, [row.kind, slug, row.source?.limit, store]);
  if (!workouts.length) return null;
  const seeAll = row.kind === "category" && slug && slug !== "all-classes" ? `/classes/categories/${slug}` : "/classes";
  return (
    <Row title={row.title} action={<ButtonLink href={seeAll} variant="ghost">See all</ButtonLink>}>
      {workouts.map((w) => <WorkoutCard key={w.id} workout={w} base={base} />)}
    </Row>
  );
}
