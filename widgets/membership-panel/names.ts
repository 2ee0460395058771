/**
 * The membership panel's tag and the events it raises (gathered for pages and the hosted app in widgets/constants.ts).
 */
export const TAG = "fit-membership-panel";
export const EVENTS = {
  membershipChange: "fit-membership-change",
} as const;
