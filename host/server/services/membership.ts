import { createBillingProvider } from "../billing/index.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { Mailer } from "./mail.js";
import type { MembershipDeps } from "./membership-deps.js";
import { StudioLinkService } from "./studio-link.js";
import { SubscriptionService } from "./subscriptions.js";

/** The membership services over one database, clock and payment provider. */
export function createMembership(options: { db: Db; clock: Clock; mailer: Mailer; publicUrl: string }) {
  const deps: MembershipDeps = { ...options, billing: createBillingProvider(options) };
  return { deps, billing: deps.billing, subscriptions: new SubscriptionService(deps), studioLink: new StudioLinkService(deps) };
}

export type Membership = ReturnType<typeof createMembership>;
