/**
 * The referral button's tag and the events it raises (gathered for pages and the hosted app in widgets/constants.ts).
 */
export const TAG = "fit-referral";
export const EVENTS = {
  referralOpen: "fit-referral-open",
} as const;
