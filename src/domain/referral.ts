import { pageKind, REFERRAL_EXCLUDED } from "./pages.js";

export type DeviceClass = "mobile" | "tablet" | "desktop";

/** Spec §9 breakpoints 0, 390, 600, 900, 1280…: below 600 px a phone, below 900 px a tablet. */
export const deviceClass = (width: number): DeviceClass =>
  width < 600 ? "mobile" : width < 900 ? "tablet" : "desktop";

export interface ReferralInput {
  /** The referral display flag (config `features.referral`). */
  enabled: boolean;
  functionalConsent: boolean;
  path: string;
  signedIn: boolean;
  entitled: boolean;
  device: DeviceClass;
}

/**
 * Pages beyond the spec's list where an offer has no place (issue 32): the studio staff area (staff at work) and the
 * page after an account's deletion (the account is gone).
 */
const OFFER_FREE = ["/studio", "/account-deleted"];
const offerFree = (path: string) => {
  const pathname = path.split(/[?#]/)[0] ?? "";
  return OFFER_FREE.some((p) => pathname === p || pathname.startsWith(`${p}/`));
};

/**
 * Spec §2/§6: only with the display flag on and functional cookies allowed, never on sign-up, login, logout,
 * locations, video, onboarding or welcome pages, nor for logged-out or unentitled members on phones and tablets;
 * nor in the studio staff area or after an account's deletion.
 */
export function referralVisible(i: ReferralInput): boolean {
  if (!i.enabled || !i.functionalConsent || REFERRAL_EXCLUDED.includes(pageKind(i.path))) return false;
  if (offerFree(i.path)) return false;
  return i.device === "desktop" || (i.signedIn && i.entitled);
}

/** Spec §9 referral offer. */
export const REFERRAL_AMOUNT = 15;
