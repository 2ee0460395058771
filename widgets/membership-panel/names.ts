/**
 * The membership panel's tag and the events it raises (gathered for pages and the hosted app in widgets/constants.ts).
 */
export const TAG = "fit-membership-panel";
export const EVENTS = {
  membershipChange: "fit-membership-change",
  membershipStep: "fit-membership-step",
} as const;

/** The panel's flows, by the name `fit-membership-change` gives their completion (`detail.action`). */
export type MembershipFlow =
  "plan" | "card" | "address" | "cancel" | "reactivate" | "pause" | "unpause" | "studio-link" | "join";

/**
 * How far the member got in a flow (`fit-membership-step`), named for what happened, not for the words on screen:
 * - `opened`: the flow shows (its dialog opened, or it shows in place: `flow="join"`, `flow="address"`,
 *   `flow="pause"`);
 * - `promo-applied`: plan, join: the promo code was accepted;
 * - `plan-chosen`: plan, join: the plan (and code) is quoted; the confirmation of what will be charged and when comes
 *   next (join: after the card step when no card is on file);
 * - `card-saved`: join: the card step saved the card;
 * - `offers-declined`: cancel: the member went past the offers to the reasons;
 * - `pause-chosen`: pause: the months are chosen; the confirmation of the dates comes next;
 * - `confirmed`: plan, join, pause, unpause: the member agreed to the confirmation (the write is on its way);
 * - `completed`: the flow succeeded (raised right after its `fit-membership-change`).
 */
export type MembershipStep =
  | "opened"
  | "promo-applied"
  | "plan-chosen"
  | "card-saved"
  | "offers-declined"
  | "pause-chosen"
  | "confirmed"
  | "completed";

export interface MembershipStepDetail {
  flow: MembershipFlow;
  step: MembershipStep;
}
