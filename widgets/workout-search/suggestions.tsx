/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import type { JSX } from "preact";
import type { Workout } from "../../src/api/index.js";
import { isAbort } from "../../src/api/error.js";
import { searchWorkouts } from "../../src/api/calls/workouts.js";
import { DEFAULT_SORT, emptyFilters, searchRequest } from "../../src/domain/filters.js";
import type { AvoidKey } from "../../src/domain/avoid.js";
import { catalogueSlice } from "../../src/store/slices/catalogue.js";
import { useStore } from "../ui/store.js";
import { say } from "./dialog-copy.js";

/** How many workouts to suggest: one row of cards on a wide screen. */
const COUNT = 4;

export interface SuggestionsProps {
  /** The library's category: suggestions come from it first, then from the whole library. */
  category: string;
  /** The library's own card, so a suggestion looks and opens like any result. */
  card(workout: Workout): JSX.Element;
  /** The class of the library's card grid. */
  grid: string;
  /** The member's avoid filters: they stand, so nothing they avoid is suggested either. */
  avoid: AvoidKey[];
}

/**
 * "Other workouts you might like" under "No exact matches": the newest workouts of the same category without the
 * keywords and filters that matched nothing (then of the whole library), through the same search call the library
 * makes, so hidden collections stay hidden and avoided workouts left out. Nothing is shown, and nothing promised, when
 * there are none.
 */
export function Suggestions({ category, card, grid, avoid }: SuggestionsProps) {
  const store = useStore(catalogueSlice);
  const [hits, setHits] = useState<Workout[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    const signedIn = store.session.signedIn.peek();
    (async () => {
      const hiddenCollections = signedIn
        ? (await store.collections.hidden.load(), store.collections.hiddenIds.peek())
        : undefined;
      for (const c of category === "all" ? ["all"] : [category, "all"]) {
        const request = searchRequest({
          filters: { ...emptyFilters(), avoid },
          keywords: "",
          sort: DEFAULT_SORT,
          category: c,
          equipmentMode: "selected",
          page: 0,
          hits: COUNT,
          signedIn,
          hiddenCollections,
        });
        const answer = request && (await searchWorkouts(store.api, request, controller.signal, signedIn));
        if (answer?.hits.length) return setHits(answer.hits);
      }
      setHits([]);
    })().catch((error: unknown) => {
      // Suggestions are extra: when they cannot load, the no-results message stands alone (it promises none).
      if (!isAbort(error)) setHits([]);
    });
    return () => controller.abort();
  }, [store, category, avoid.join()]);

  if (!hits.length) return null;
  return (
    <section aria-labelledby="fit-suggested">
      <h3 id="fit-suggested" style={{ margin: "0 0 14px" }}>
        {say("search.suggested")}
      </h3>
      <ul class={grid}>{hits.map(card)}</ul>
    </section>
  );
}
