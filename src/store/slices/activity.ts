import { computed } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { HistoryQuery } from "../../api/types.js";
import type { StoreContext } from "../context.js";
import { createResource } from "../resource.js";
import type { SliceDef } from "../store-core.js";

/** The member's history and stats. */
export function createActivitySlice(ctx: StoreContext) {
  const c = ctx.api;
  const history = createResource((s, q: HistoryQuery = {}) => api.getHistory(c, q, s));
  const stats = createResource((s, q: { startDate?: string; endDate?: string } = {}) => api.getWorkoutStats(c, q, s));
  const legacyStats = createResource((s) => api.getLegacyStats(c, s));
  return {
    history,
    /** Ids of completed workouts: the "watched" filter. */
    watchedIds: computed(() => [...new Set((history.data.value?.items ?? []).filter((h) => h.is_completed).map((h) => h.workout_id))]),
    stats,
    legacyStats,
    reset: () => [history, stats, legacyStats].forEach((r) => r.reset()),
  };
}
export type ActivitySlice = ReturnType<typeof createActivitySlice>;

export const activitySlice: SliceDef<"activity"> = { name: "activity", create: createActivitySlice };
