import * as api from "../../api/calls/membership.js";
import { ApiError } from "../../api/error.js";
import type { Subscription } from "../../api/types.js";
import type { StoreContext } from "../context.js";
import type { SliceDef } from "../store-core.js";
import { createMutation } from "../mutation.js";
import { createResource } from "../resource.js";

/** Local-storage key of the address a studio-link email was requested for (spec §4: cleared on failure). */
export const MAIL_REQUEST_KEY = "fitkit.mail-request";

/**
 * Membership and billing: the subscription, plan prices, and the one-click writes (reactivate, unpause). Every write
 * has its own loading / success / error flags (spec §4); the flows' writes are in `membershipWrites`
 * (membership-writes.ts).
 */
function createMembershipSlice(ctx: StoreContext) {
  const c = ctx.api;
  // 404 means "no subscription": data null, not an error.
  const subscription = ctx.watch(
    "membership.subscription",
    createResource((s) =>
      api.getSubscription(c, s).catch((e) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }),
    ),
  );
  const id = () => currentOf(subscription).subscription_id;
  // A membership write changes the subscription and the claims that say whether the member is entitled.
  const refreshed = ctx.after("membership.subscription", "session.claims");
  return {
    subscription,
    products: createResource(
      (s, skus: string[]) => api.getProducts(c, skus, s).then((r) => r.items),
      (skus) => [...skus].sort().join(","),
    ),
    reactivate: createMutation(() => api.reactivateSubscription(c, id()).then(refreshed)),
    // Resumes a paused membership (a recharge one paused in its portal, or a self-serve pause ended early) through
    // one call; the spec's recharge-only call stays on the server for the clients that use it.
    unpause: createMutation(() => api.unpauseSubscription(c, id()).then(refreshed)),
    reset() {
      subscription.reset();
    },
  };
}
export type MembershipSlice = ReturnType<typeof createMembershipSlice>;

/** The loaded subscription (the writes act on it). */
export const currentOf = (subscription: { data: { peek(): Subscription | null | undefined } }): Subscription => {
  const sub = subscription.data.peek();
  if (!sub) throw new Error("no subscription loaded");
  return sub;
};

export const membershipSlice: SliceDef<"membership", MembershipSlice> = {
  name: "membership",
  create: createMembershipSlice,
};
