import type { Db } from "../db/index.js";

/** What a member may use, as the claims of spec section 3 express it. */
export interface EntitlementStatus {
  entitlements: string[];
  isTrial: boolean;
  isVip: boolean;
  isPaused: boolean;
  previouslyEntitled: boolean;
}

export type EntitlementResolver = (db: Db, userId: string) => Promise<EntitlementStatus>;

const DIGITAL = "digital";

/** The seeded per-user state (users.demo_state) until subscriptions drive entitlements. */
const byDemoState: Record<string, EntitlementStatus> = {
  entitled: { entitlements: [DIGITAL], isTrial: false, isVip: false, isPaused: false, previouslyEntitled: false },
  trial: { entitlements: [DIGITAL], isTrial: true, isVip: false, isPaused: false, previouslyEntitled: false },
  vip: { entitlements: [DIGITAL], isTrial: false, isVip: true, isPaused: false, previouslyEntitled: false },
  paused: { entitlements: [], isTrial: false, isVip: false, isPaused: true, previouslyEntitled: true },
  lapsed: { entitlements: [], isTrial: false, isVip: false, isPaused: false, previouslyEntitled: true },
  studio: { entitlements: [DIGITAL, "studio_unlimited"], isTrial: false, isVip: false, isPaused: false, previouslyEntitled: false },
  unentitled: { entitlements: [], isTrial: false, isVip: false, isPaused: false, previouslyEntitled: false },
};

export const seededEntitlements: EntitlementResolver = async (db, userId) => {
  const row = await db.selectFrom("users").select("demo_state").where("id", "=", userId).executeTakeFirst();
  return byDemoState[row?.demo_state ?? "unentitled"] ?? byDemoState.unentitled;
};

/** The claims document of `GET /user/v1/attribute/claims`. */
export function claimsOf(user: { id: string; email: string; given_name: string; family_name: string }, status: EntitlementStatus) {
  return {
    sub: user.id,
    given_name: user.given_name,
    family_name: user.family_name,
    email: user.email,
    is_trial: status.isTrial,
    ...(status.isVip ? { "custom:is_vip": "true" } : {}),
    entitlements: JSON.stringify(status.entitlements),
    ...(status.previouslyEntitled && status.entitlements.length === 0 ? { unentitled_status: "previously_entitled" } : {}),
    ...(status.isPaused ? { is_paused: "true" } : {}),
  };
}
