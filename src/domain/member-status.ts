// Spec §6: what a member may do, read from the claims the server signs (every widget asks it).
import type { Claims } from "../api/types.js";

export interface MemberStatus {
  entitlements: string[];
  entitled: boolean;
  trial: boolean;
  vip: boolean;
  paused: boolean;
  /** A renewal failed and waits for a working card. */
  paymentDue: boolean;
  /** That renewal waits for the member to confirm it with their bank (the app's confirm page). */
  paymentConfirm: boolean;
  previouslyEntitled: boolean;
}

/** Spec §6 from the claims: entitled when the entitlements list is non-empty; sub-statuses from their flags. */
export function memberStatus(claims: Claims | null | undefined): MemberStatus {
  let entitlements: string[] = [];
  try {
    const parsed = JSON.parse(claims?.entitlements || "[]");
    if (Array.isArray(parsed)) entitlements = parsed.map(String);
  } catch {
    entitlements = [];
  }
  return {
    entitlements,
    entitled: entitlements.length > 0,
    trial: claims?.is_trial === true || claims?.is_trial === "true",
    vip: claims?.["custom:is_vip"] === "true",
    paused: claims?.is_paused === "true",
    paymentDue: claims?.payment_due === "true",
    paymentConfirm: claims?.payment_confirm === "true",
    previouslyEntitled: claims?.unentitled_status === "previously_entitled",
  };
}
