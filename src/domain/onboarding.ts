import { ONBOARDING_EXCLUDED, pageKind } from "./pages.js";
import { DAY_MS, HOUR_MS } from "./numbers.js";

/** Spec §9 constants. */
const ONBOARDING_MAX_WORKOUTS = 20;
const ONBOARDING_MAX_REDIRECTS = 2;
const ONBOARDING_REDIRECT_WINDOW_MS = DAY_MS;
const ONBOARDING_OUTAGE_PAUSE_MS = 3 * HOUR_MS;

export interface OnboardingInput {
  signedIn: boolean;
  entitled: boolean;
  /** Completed on-demand workouts (stats `total_on_demand`). */
  onDemandCount: number;
  resultsUrl: string | null | undefined;
  path: string;
  /** When earlier redirects happened (epoch ms). */
  redirects: number[];
  /** When an outage of the third-party engagement tool was last recorded (epoch ms). */
  outageAt?: number;
  now: number;
}

/**
 * Spec §4/§9: an entitled signed-in member with fewer than 20 on-demand workouts and no results_url goes to
 * /onboarding, except on welcome, locations, onboarding and account pages; at most 2 redirects per 24 h; none for
 * 3 h after a recorded outage.
 */
export function shouldRedirectToOnboarding(i: OnboardingInput): boolean {
  if (!i.signedIn || !i.entitled || i.onDemandCount >= ONBOARDING_MAX_WORKOUTS || i.resultsUrl) return false;
  if (ONBOARDING_EXCLUDED.includes(pageKind(i.path))) return false;
  if (i.outageAt !== undefined && i.now - i.outageAt < ONBOARDING_OUTAGE_PAUSE_MS) return false;
  return i.redirects.filter((t) => i.now - t < ONBOARDING_REDIRECT_WINDOW_MS).length < ONBOARDING_MAX_REDIRECTS;
}
