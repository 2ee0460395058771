import { useEffect } from "preact/hooks";
import type { SearchState } from "../../src/store/index.js";
import { sameFilters } from "../../src/domain/filters.js";
import type { AvoidKey } from "../../src/domain/avoid.js";
import { catalogueSlice, favouritesSlice } from "../../src/store/index.js";
import { useStore } from "../ui/store.js";

type Applied = Pick<SearchState, "category" | "filters" | "keywords" | "sort"> &
  Partial<Pick<SearchState, "equipmentMode">>;

/** The library through the store's catalogue slice (one search state per page), favourites for members. */
export function useWorkoutSearch() {
  const store = useStore(catalogueSlice, favouritesSlice);
  const { catalogue, favourites } = store;
  const signedIn = store.session.signedIn.value;

  useEffect(() => {
    void catalogue.categories.load();
  }, [store]);
  // The dialog's counts follow the category tab and the avoid list (the filters endpoint counts within them).
  const category = catalogue.state.value.category;
  const avoid = catalogue.state.value.filters.avoid;
  useEffect(() => void catalogue.filterGroups.load(category, avoid), [store, category, avoid.join()]);
  useEffect(() => {
    if (!signedIn) return;
    void favourites.favourites.load();
    void catalogue.preferences.load();
  }, [signedIn]);

  const state = catalogue.state.value;
  const results = catalogue.results.data.value;
  return {
    signedIn,
    state,
    results,
    hits: catalogue.hits.value,
    loading: catalogue.results.loading.value,
    error: catalogue.results.status.value === "error",
    categories: catalogue.categories.data.value,
    filterGroups: catalogue.filterGroups.data.value,
    favouriteIds: signedIn ? favourites.ids.value : [],
    /** A member's saved avoid list (undefined while it is read); a visitor has none. */
    savedAvoid: signedIn ? catalogue.savedAvoid() : [],
    /** Keeps a member's avoid list for their next visit. */
    saveAvoid: (avoid: AvoidKey[]) => signedIn && void catalogue.saveAvoid.run(avoid),
    avoidNotSaved: signedIn && catalogue.saveAvoid.status.value === "error",
    /** Sets the search state (page size included) and loads the first page unless it is what is shown already. */
    apply(next: Applied, pageSize: number) {
      const current = catalogue.state.peek() as SearchState & { hits?: number };
      const unchanged =
        current.category === next.category &&
        current.keywords === next.keywords &&
        current.sort === next.sort &&
        current.hits === pageSize &&
        (next.equipmentMode ?? current.equipmentMode) === current.equipmentMode &&
        sameFilters(current.filters, next.filters);
      if (unchanged && catalogue.results.data.peek() && catalogue.current()) return;
      // The slice spreads its state into the search request, so the page size rides along as `hits`.
      void catalogue.update({ ...next, hits: pageSize });
    },
    loadMore: () => void catalogue.loadMore(),
    retry: () => void catalogue.update({}),
    toggleFavourite: (id: string) => void favourites.toggle.run(id),
  };
}
