import { computed } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { HistoryQuery } from "../../api/types.js";
import type { StoreContext } from "../context.js";
import { createResource } from "../resource.js";
import type { SliceDef, SliceExtension } from "../store-core.js";

/** The member's history: the history page, and the watched filter's ids. A finished workout (the player) changes it. */
function createActivityCore(ctx: StoreContext) {
  const history = ctx.watch(
    "activity",
    createResource((s, q: HistoryQuery = {}) => api.getHistory(ctx.api, q, s)),
  );
  return {
    history,
    /** Ids of completed workouts: the "watched" filter. */
    watchedIds: computed(() => [
      ...new Set((history.data.value?.items ?? []).filter((h) => h.is_completed).map((h) => h.workout_id)),
    ]),
    reset: () => history.reset(),
  };
}

/** The member's stats and streaks (home, history, onboarding), added by `activityStats`. */
function createActivityStats(ctx: StoreContext) {
  const stats = ctx.watch(
    "activity",
    createResource((s, q: { startDate?: string; endDate?: string } = {}) => api.getWorkoutStats(ctx.api, q, s)),
  );
  const legacyStats = ctx.watch(
    "activity",
    createResource((s) => api.getLegacyStats(ctx.api, s)),
  );
  /** Streaks in the member's local days: the zone this browser runs in unless one is given. */
  const streaks = ctx.watch(
    "activity",
    createResource((s, tz: string = Intl.DateTimeFormat().resolvedOptions().timeZone) =>
      api.getStreaks(ctx.api, { tz }, s),
    ),
  );
  return { stats, legacyStats, streaks, reset: () => (stats.reset(), legacyStats.reset(), streaks.reset()) };
}
export type ActivitySlice = ReturnType<typeof createActivityCore>;

export const activitySlice: SliceDef<"activity", ActivitySlice> = { name: "activity", create: createActivityCore };
export const activityStats: SliceExtension<"activity", ActivitySlice, ReturnType<typeof createActivityStats>> = {
  extends: "activity",
  create: createActivityStats,
};
