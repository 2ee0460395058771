/**
 * The consent categories of the cookie banner, in the order it lists them: the server accepts an analytics event only
 * in one of these, and the browser stores the member's choice as a subset of them. "Essential" is always granted.
 */
export const CONSENT_CATEGORIES = ["Essential", "Performance", "Functional", "Marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
