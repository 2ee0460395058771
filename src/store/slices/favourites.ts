import { computed } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { Favourites } from "../../api/types.js";
import { favouriteToggle, hiddenCollectionsToggle } from "../../domain/favourites.js";
import type { StoreContext } from "../context.js";
import type { SliceDef, SliceExtension } from "../store-core.js";
import { createMutation } from "../mutation.js";
import { createResource, into } from "../resource.js";

/** The member's favourite workout ids and toggling (spec §4): what a heart on a card needs. */
function createFavouritesCore(ctx: StoreContext) {
  const c = ctx.api;
  const favourites = createResource((s) => api.getFavourites(c, s));
  const ids = computed(() => favourites.data.value?.workouts ?? []);
  return {
    favourites,
    ids,
    toggle: createMutation((id: string) =>
      api.updateFavourites(c, favouriteToggle(ids.peek(), id)).then(into<Favourites>(favourites)),
    ),
    reset: () => favourites.reset(),
  };
}
export type FavouritesSlice = ReturnType<typeof createFavouritesCore>;

/** The favourite workouts themselves (the favourites page and home's row), added by `favouriteWorkouts`. */
function createFavouriteWorkouts(ctx: StoreContext, { favourites, ids }: FavouritesSlice) {
  // Keyed by the id list: the page refetches only when the list changes.
  const workouts = createResource(
    (s, list: string[]) => api.getWorkoutsByIds(ctx.api, list, s).then((r) => r.items),
    (list) => list.join(","),
  );
  return {
    isFavourite: (id: string) => ids.value.includes(id),
    workouts,
    /**
     * Loads the favourite workouts. Spec §4: the favourites page does not refetch after a change unless `refetch`
     * allows it (so an un-favourited card stays until the member leaves the page).
     */
    async loadWorkouts(refetch = true) {
      await favourites.load();
      if (!refetch && workouts.fulfilled.peek()) return workouts.data.peek();
      return workouts.load(ids.peek());
    },
    reset: () => workouts.reset(),
  };
}

/** All collections and the member's hidden ones (manage-workouts page). */
function createCollectionsSlice(ctx: StoreContext) {
  const c = ctx.api;
  const hidden = createResource((s) => api.getHiddenCollections(c, s));
  const hiddenIds = computed(() => hidden.data.value?.collections_hidden ?? []);
  return {
    all: createResource((s) => api.getCollections(c, s).then((r) => r.items)),
    hidden,
    hiddenIds,
    /** Hides the given ids that are visible and unhides those already hidden. */
    toggle: createMutation((ids: string[]) =>
      api.updateHiddenCollections(c, hiddenCollectionsToggle(hiddenIds.peek(), ids)).then(into(hidden)),
    ),
    reset: () => hidden.reset(),
  };
}
export type CollectionsSlice = ReturnType<typeof createCollectionsSlice>;

export const favouritesSlice: SliceDef<"favourites", FavouritesSlice> = {
  name: "favourites",
  create: createFavouritesCore,
};
export const favouriteWorkouts: SliceExtension<
  "favourites",
  FavouritesSlice,
  ReturnType<typeof createFavouriteWorkouts>
> = { extends: "favourites", create: createFavouriteWorkouts };

export const collectionsSlice: SliceDef<"collections", CollectionsSlice> = {
  name: "collections",
  create: createCollectionsSlice,
};
