import { computed } from "@preact/signals-core";
import * as api from "../../api/index.js";
import { challengeProgress } from "../../domain/challenge.js";
import type { StoreContext } from "../context.js";
import { createMutation } from "../mutation.js";
import { createResource, into } from "../resource.js";
import type { SliceDef, SlicesOf, Store } from "../store-core.js";
import { activitySlice } from "./activity.js";

/** The current challenge, the member's challenges and joined ids, and progress from the history (spec §5). */
function createChallengeSlice(ctx: StoreContext, store: Store<ChallengeNeeds, unknown>) {
  const c = ctx.api;
  const current = createResource((s) => api.getCurrentChallenge(c, s).then((r) => r.items[0] ?? null));
  const mine = createResource((s) => api.getMyChallenges(c, s));
  const joined = createResource((s) => api.getChallengeAttribute(c, s));
  return {
    current,
    mine,
    joined,
    join: createMutation((body: Parameters<typeof api.updateChallengeAttribute>[1]) =>
      api.updateChallengeAttribute(c, body).then(into(joined)),
    ),
    /** Progress of the current challenge over the loaded history (load `store.activity.history` too). */
    progress: computed(() => {
      const ch = current.data.value;
      return ch ? challengeProgress(ch, store.activity.history.data.value?.items ?? []) : undefined;
    }),
    reset: () => [current, mine, joined].forEach((r) => r.reset()),
  };
}
type ChallengeNeeds = SlicesOf<[typeof activitySlice]>;
export type ChallengeSlice = ReturnType<typeof createChallengeSlice>;

export const challengeSlice: SliceDef<"challenge", ChallengeSlice, ChallengeNeeds> = {
  name: "challenge",
  needs: [activitySlice],
  create: createChallengeSlice,
};
