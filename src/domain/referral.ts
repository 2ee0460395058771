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
 * Spec §2/§6: only with the display flag on and functional cookies allowed, never on sign-up, login, logout,
 * locations, video, onboarding or welcome pages, nor for logged-out or unentitled members on phones and tablets.
 */
export function referralVisible(i: ReferralInput): boolean {
  if (!i.enabled || !i.functionalConsent || REFERRAL_EXCLUDED.includes(pageKind(i.path))) return false;
  return i.device === "desktop" || (i.signedIn && i.entitled);
}

/** Spec §9 referral offer. */
export const REFERRAL_AMOUNT = 15;
