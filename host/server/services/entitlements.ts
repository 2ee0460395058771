import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { isSubscriptionActive } from "../../../src/domain/membership.js";
import { paymentToConfirm } from "./payment-confirm.js";

/** What a member may use, as the claims of spec section 3 express it. */
export interface EntitlementStatus {
  entitlements: string[];
  isTrial: boolean;
  isVip: boolean;
  isPaused: boolean;
  /** A renewal failed and the membership waits for a working card (past_due): the app shows a banner. */
  paymentDue: boolean;
  /** The renewal the membership waits on needs the member's authentication: the banner links the confirm page. */
  paymentConfirm: boolean;
  previouslyEntitled: boolean;
}

export type EntitlementResolver = (db: Db, userId: string) => Promise<EntitlementStatus>;

/**
 * Entitlements derived from the member's subscriptions: the union of what every active subscription grants
 * (spec section 4's active rule), trial and VIP when an active one is in that state, paused when one is paused,
 * and previously entitled when the member has subscriptions but none is active.
 */
export function subscriptionEntitlements(clock: Clock): EntitlementResolver {
  return async (db, userId) => {
    const now = clock.now();
    const subs = await db
      .selectFrom("subscriptions")
      .select(["provider", "state", "expiration_date", "entitlements"])
      .where("user_id", "=", userId)
      .execute();
    const active = subs.filter((s) => isSubscriptionActive(s, now.getTime()));
    const paymentDue = subs.some((s) => s.state === "past_due");
    return {
      entitlements: [...new Set(active.flatMap((s) => s.entitlements))],
      isTrial: active.some((s) => s.state === "trial"),
      isVip: active.some((s) => s.state === "vip"),
      isPaused: subs.some((s) => s.state === "paused"),
      paymentDue,
      // Asked only of a past-due member (a rare read): is it a charge waiting for their bank's confirmation?
      paymentConfirm: paymentDue && !!(await paymentToConfirm(db, userId)),
      previouslyEntitled: subs.length > 0 && active.length === 0,
    };
  };
}

/** The claims document of `GET /user/v1/attribute/claims`. */
export function claimsOf(
  user: { id: string; email: string; given_name: string; family_name: string },
  status: EntitlementStatus,
) {
  return {
    sub: user.id,
    given_name: user.given_name,
    family_name: user.family_name,
    email: user.email,
    is_trial: status.isTrial,
    ...(status.isVip ? { "custom:is_vip": "true" as const } : {}),
    entitlements: JSON.stringify(status.entitlements),
    ...(status.previouslyEntitled && status.entitlements.length === 0
      ? { unentitled_status: "previously_entitled" as const }
      : {}),
    ...(status.isPaused ? { is_paused: "true" as const } : {}),
    ...(status.paymentDue ? { payment_due: "true" as const } : {}),
    ...(status.paymentConfirm ? { payment_confirm: "true" as const } : {}),
  };
}
