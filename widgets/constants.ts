/**
 * Every name the widget kit shares with pages that embed it: tags, events, the page config script (the booking
 * hand-off protocol is in booking-message.ts).
 * One module, so the elements, the hosted app and the docs cannot drift apart (media-chrome's constants.ts).
 */

export const TAGS = {
  workoutSearch: "fit-workout-search",
  seriesCard: "fit-series-card",
  liveSchedule: "fit-live-schedule",
  referral: "fit-referral",
  membershipPanel: "fit-membership-panel",
} as const;

export const EVENTS = {
  workoutSelect: "fit-workout-select",
  filtersChange: "fit-filters-change",
  seriesJoin: "fit-series-join",
  seriesLeave: "fit-series-leave",
  classBook: "fit-class-book",
  classCancel: "fit-class-cancel",
  referralOpen: "fit-referral-open",
  membershipChange: "fit-membership-change",
} as const;

/** The page-level configuration script every widget reads when an attribute is absent. */
export const CONFIG_SCRIPT_ID = "fitkit-config";
