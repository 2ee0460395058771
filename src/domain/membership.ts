import type { Provider, Subscription } from "../api/types.js";
import { ms } from "./numbers.js";

/**
 * What the membership rules read of a subscription: the contract's answer (ISO dates) on clients, a database row
 * (Dates) on the server. One rule for both, so the server's `is_active`/`display_state` and the panel agree.
 */
export interface Plan {
  provider: Subscription["provider"] | (string & {});
  state: string;
  expiration_date?: string | Date | null;
}

const isActiveOrTrial = (state: string) => state === "active" || state === "trial";
const notExpired = (s: Plan, now: number) => ms(s.expiration_date) > now;

/**
 * Spec §4 display state: active or trial → active; expired or canceled → canceled; empty → inactive; otherwise active
 * while not past the expiration date, else the raw state.
 */
export function displayState(s: Plan | null | undefined, now: number): string {
  const state = s?.state ?? "";
  if (isActiveOrTrial(state)) return "active";
  if (state === "expired" || state === "canceled") return "canceled";
  if (!state) return "inactive";
  return notExpired(s!, now) ? "active" : state;
}

/**
 * Spec §4: Apple/Google only when active or trial; other providers need an expiration date and not paused; Recharge
 * (not cancelled) needs active or trial; everything else counts until it expires (an expired state has, whatever
 * date it still carries).
 */
export function isSubscriptionActive(s: Plan | null | undefined, now: number): boolean {
  if (!s) return false;
  if (s.provider === "apple" || s.provider === "google") return isActiveOrTrial(s.state);
  if (!s.expiration_date || s.state === "paused") return false;
  if (s.provider === "recharge" && s.state !== "canceled") return isActiveOrTrial(s.state);
  return s.state !== "expired" && notExpired(s, now);
}

/**
 * Spec §4: a studio (marianatek) membership may be linked unless active, trial or paused, or expired/canceled but still
 * valid.
 */
export function canLinkStudio(s: Plan | null | undefined, now: number): boolean {
  if (!s) return true;
  if (isActiveOrTrial(s.state) || s.state === "paused") return false;
  return !((s.state === "expired" || s.state === "canceled") && notExpired(s, now));
}

/** Where a plan is managed: here, or in the store/app that sold it (spec §4 subscription states). */
export const managedElsewhere = (provider: Provider): "apple" | "google" | "studio" | null =>
  provider === "apple" || provider === "google" ? provider : provider === "marianatek" ? "studio" : null;

export type PlanPeriod = "monthly" | "annual";

/** Spec §9 plan-change SKUs per provider. */
export const planSku = (period: PlanPeriod, provider: Plan["provider"]): string =>
  period === "monthly"
    ? provider === "stripe"
      ? "1month_trial0-R-SB"
      : "1month_trial7-R"
    : provider === "stripe"
      ? "12month_trial7"
      : "12month_trial0";

/** The plan-change interval: monthly or twelve months. */
export const planInterval = (period: PlanPeriod) => ({ frequency: period === "monthly" ? 1 : 12, unit: "month" });

/**
 * The cancel reasons of spec section 3, in the order the membership panel offers them; "other" needs a free-text
 * explanation. The cancel route's schema enum is built from this list, so the server accepts exactly these.
 */
export const CANCEL_REASONS = [
  "method not as thought",
  "too expensive",
  "not seeing expected results",
  "not using enough",
  "other",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
