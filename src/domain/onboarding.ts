import { ONBOARDING_EXCLUDED, pageKind } from "./pages.js";
import { DAY_MS, HOUR_MS } from "./numbers.js";

/** Spec §9 constants. */
const ONBOARDING_MAX_WORKOUTS = 20;
const ONBOARDING_MAX_REDIRECTS = 2;
const ONBOARDING_REDIRECT_WINDOW_MS = DAY_MS;
const ONBOARDING_OUTAGE_PAUSE_MS = 3 * HOUR_MS;
/** After "Skip for now" the quiz waits a week (issue 32): the member said not now, not never. */
const ONBOARDING_SKIP_PAUSE_MS = 7 * DAY_MS;

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
  /** When the member last skipped the quiz (epoch ms). */
  skippedAt?: number;
  now: number;
}

/**
 * Deep links the member came for, which the quiz must not swallow (issue 32): the player (a member who just paid and
 * pressed Play), a booking (the booking popup, Booked Classes) and the live schedule opened at a location or class.
 */
function isDeepLink(path: string): boolean {
  const kind = pageKind(path);
  if (kind === "video player" || kind === "booked classes") return true;
  const [pathname = "", search = ""] = path.split("?");
  if (pathname === "/live/book") return true;
  const query = new URLSearchParams(search);
  return kind === "live" && (query.has("location") || query.has("class"));
}

/**
 * Spec §4/§9: an entitled signed-in member with fewer than 20 on-demand workouts and no results_url goes to
 * /onboarding, except on welcome, locations, onboarding and account pages; at most 2 redirects per 24 h; none for
 * 3 h after a recorded outage. Extended (issue 32): never from a deep link (`isDeepLink`), and none for a week after
 * the member skipped the quiz.
 */
export function shouldRedirectToOnboarding(i: OnboardingInput): boolean {
  if (!i.signedIn || !i.entitled || i.onDemandCount >= ONBOARDING_MAX_WORKOUTS || i.resultsUrl) return false;
  if (ONBOARDING_EXCLUDED.includes(pageKind(i.path)) || isDeepLink(i.path)) return false;
  if (i.outageAt !== undefined && i.now - i.outageAt < ONBOARDING_OUTAGE_PAUSE_MS) return false;
  if (i.skippedAt !== undefined && i.now - i.skippedAt < ONBOARDING_SKIP_PAUSE_MS) return false;
  return i.redirects.filter((t) => i.now - t < ONBOARDING_REDIRECT_WINDOW_MS).length < ONBOARDING_MAX_REDIRECTS;
}

/**
 * The quiz's address when the redirect interrupts `path`: the page asked for rides along as `next`, so the skip and
 * the results' Continue lead there (home needs no reminder).
 */
export const onboardingFor = (path: string): string =>
  path === "/" || path === "/home" ? "/onboarding" : `/onboarding?next=${encodeURIComponent(path)}`;
