import { batch, signal } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { EquipmentMode, SearchRequest, SearchResponse, SortValue, Workout } from "../../api/types.js";
import {
  DEFAULT_HITS,
  DEFAULT_SORT,
  emptyFilters,
  searchRequest,
  type WorkoutFilterState,
} from "../../domain/filters.js";
import { avoidList, type AvoidKey } from "../../domain/avoid.js";
import type { StoreContext } from "../context.js";
import { createMutation } from "../mutation.js";
import type { SliceDef, SliceExtension, SlicesOf } from "../store-core.js";
import { activitySlice } from "./activity.js";
import { collectionsSlice, favouritesSlice } from "./favourites.js";
import { createResource, into } from "../resource.js";

export interface SearchState {
  filters: WorkoutFilterState;
  keywords: string;
  sort: SortValue;
  category: string;
  equipmentMode: EquipmentMode;
  /** Page size (spec §9: 50 by default). */
  hits?: number;
}

const NOTHING: SearchResponse = {
  hits: [],
  nbHits: 0,
  page: 0,
  nbPages: 0,
  hitsPerPage: DEFAULT_HITS,
  facets: {},
  selected: [],
};

/**
 * The workout library: categories, filter groups, the search state and its results. A search runs only when the
 * request changes (spec §4: the list refetches only when filters changed, or the favourites id list on favourites).
 */
function createCatalogueSlice(
  ctx: StoreContext,
  ids: {
    favourites(): Promise<string[]>;
    watched(): Promise<string[]>;
    hidden(): Promise<readonly string[]>;
    hiddenNow(): readonly string[];
  },
) {
  const c = ctx.api;
  const state = signal<SearchState>({
    filters: emptyFilters(),
    keywords: "",
    sort: DEFAULT_SORT,
    category: "all",
    equipmentMode: "selected",
  });
  const hits = signal<Workout[]>([]);
  /** The hidden collections the shown results left out, to know when managing workouts made them stale. */
  let usedHidden = "";
  /** The member's preferences attribute: its `avoid` list applies when the page's filters name none. */
  const preferences = createResource((s) => api.getPreferences(c, s));
  const results = createResource((s, request: SearchRequest | null) =>
    request ? api.searchWorkouts(c, request, s, ctx.signedIn.peek()) : Promise.resolve({ ...NOTHING }),
  );

  async function load(page: number) {
    const st = state.peek();
    const signedIn = ctx.signedIn.peek();
    const request = searchRequest({
      ...st,
      page,
      signedIn,
      favouriteIds: signedIn && st.filters.favorites ? await ids.favourites() : undefined,
      watchedIds: signedIn && st.filters.watched ? await ids.watched() : undefined,
      hiddenCollections: signedIn ? await ids.hidden() : undefined,
    });
    usedHidden = request && signedIn ? ids.hiddenNow().join(",") : "";
    const answer = await results.load(request);
    if (answer && results.data.peek() === answer)
      hits.value = page === 0 ? answer.hits : [...hits.peek(), ...answer.hits];
    return answer;
  }

  return {
    state,
    /** The hits of every page loaded so far for the current request. */
    hits,
    results,
    categories: createResource((s) => api.getWorkoutCategories(c, s).then((r) => r.items)),
    /**
     * The filter dialog's groups, counted within a category (`all` or none: the whole library) and without what the
     * avoid list leaves out.
     */
    filterGroups: createResource((s, category?: string, avoid: AvoidKey[] = []) =>
      api.getWorkoutFilters(c, s, category, avoid),
    ),
    preferences,
    /** The member's saved avoid list (known keys only), once the preferences are read; [] when they cannot be. */
    savedAvoid: (): AvoidKey[] | undefined =>
      preferences.fulfilled.value ? avoidList(preferences.data.value?.avoid) : undefined,
    /**
     * Saves the avoid list for the member's next visit (preferences `avoid`). Kept here at once: a page whose URL then
     * names no avoid list reads this one, not the one before the save.
     */
    saveAvoid: createMutation((avoid: AvoidKey[]) => {
      preferences.set({ ...preferences.data.peek(), avoid });
      return api.updatePreferences(c, { avoid }).then(into(preferences));
    }),
    /** False once the member hid or showed a collection since the results shown were asked for. */
    current: () => usedHidden === (ctx.signedIn.peek() ? ids.hiddenNow().join(",") : ""),
    /** Runs the first page of the current request (skipped when it is the one already shown). */
    search: () => load(0),
    /** Changes part of the state and searches. */
    update(patch: Partial<SearchState>) {
      batch(() => (state.value = { ...state.peek(), ...patch }));
      return load(0);
    },
    /** Appends the next page. */
    loadMore() {
      const r = results.data.peek();
      return r && r.page + 1 < r.nbPages ? load(r.page + 1) : Promise.resolve(r);
    },
    reset() {
      results.reset();
      preferences.reset();
      hits.value = [];
    },
  };
}
/** One workout by slug (the detail pane and the player), added by `workoutDetail`. */
const createWorkoutDetail = (ctx: StoreContext) => ({
  workout: createResource((s, slug: string) => api.getWorkout(ctx.api, slug, s)),
});

export type CatalogueSlice = ReturnType<typeof createCatalogueSlice>;
export const workoutDetail: SliceExtension<"catalogue", CatalogueSlice, ReturnType<typeof createWorkoutDetail>> = {
  extends: "catalogue",
  create: createWorkoutDetail,
};

type CatalogueNeeds = SlicesOf<[typeof favouritesSlice, typeof activitySlice, typeof collectionsSlice]>;

/** Reads the favourite ids and the watched (completed) ids when those filters are on. */
export const catalogueSlice: SliceDef<"catalogue", CatalogueSlice, CatalogueNeeds> = {
  name: "catalogue",
  needs: [favouritesSlice, activitySlice, collectionsSlice],
  create: (ctx, store) =>
    createCatalogueSlice(ctx, {
      favourites: async () => (await store.favourites.favourites.load(), store.favourites.ids.peek()),
      watched: async () => (await store.activity.history.load(), store.activity.watchedIds.peek()),
      hidden: async () => (await store.collections.hidden.load(), store.collections.hiddenIds.peek()),
      hiddenNow: () => store.collections.hiddenIds.peek(),
    }),
};
