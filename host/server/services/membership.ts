import type { MembershipDeps } from "./membership-deps.js";
import { StudioLinkService } from "./studio-link.js";
import { SubscriptionService } from "./subscriptions.js";

/** The membership services over one database, clock and payment provider. */
export function createMembership(deps: MembershipDeps) {
  return {
    deps,
    billing: deps.billing,
    subscriptions: new SubscriptionService(deps),
    studioLink: new StudioLinkService(deps),
  };
}
