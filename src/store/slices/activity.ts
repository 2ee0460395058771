import { computed } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { HistoryQuery } from "../../api/types.js";
import { challengeProgress } from "../../domain/challenge.js";
import type { StoreContext } from "../context.js";
import type { SliceDef } from "../store-core.js";
import { createResource } from "../resource.js";

/** History, stats and the challenge. */
export function createActivitySlice(ctx: StoreContext) {
  const c = ctx.api;
  const history = createResource((s, q: HistoryQuery = {}) => api.getHistory(c, q, s));
  const challenge = createResource((s) =>
    api.getCurrentChallenge(c, s).then((r) => ("items" in r && Array.isArray(r.items) ? (r.items[0] ?? null) : r)),
  );
  const stats = createResource((s, q: { startDate?: string; endDate?: string } = {}) => api.getWorkoutStats(c, q, s));
  const legacyStats = createResource((s) => api.getLegacyStats(c, s));
  const myChallenges = createResource((s) => api.getMyChallenges(c, s));
  return {
    history,
    /** Ids of completed workouts: the "watched" filter. */
    watchedIds: computed(() => [...new Set((history.data.value?.items ?? []).filter((h) => h.is_completed).map((h) => h.workout_id))]),
    stats,
    legacyStats,
    challenge,
    myChallenges,
    /** Spec §5 challenge progress from the loaded challenge and history. */
    challengeProgress: computed(() => {
      const ch = challenge.data.value;
      return ch ? challengeProgress(ch, history.data.value?.items ?? []) : undefined;
    }),
    reset: () => [history, stats, legacyStats, challenge, myChallenges].forEach((r) => r.reset()),
  };
}
export type ActivitySlice = ReturnType<typeof createActivitySlice>;

export const activitySlice: SliceDef<"activity"> = { name: "activity", create: createActivitySlice };
