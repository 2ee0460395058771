/**
 * Every name the widget kit shares with pages that embed it: tags, events, the page config script (the booking
 * hand-off protocol is in booking-message.ts).
 * One module, so the elements, the hosted app and the docs cannot drift apart (media-chrome's constants.ts); each
 * element's own names live beside it (widgets/<name>/names.ts), so its bundle carries only those.
 */
import * as search from "./workout-search/names.js";
import * as series from "./series-card/names.js";
import * as schedule from "./live-schedule/names.js";
import * as referral from "./referral/names.js";
import * as membership from "./membership-panel/names.js";

export const TAGS = {
  workoutSearch: search.TAG,
  seriesCard: series.TAG,
  liveSchedule: schedule.TAG,
  referral: referral.TAG,
  membershipPanel: membership.TAG,
} as const;

export const EVENTS = {
  ...search.EVENTS,
  ...series.EVENTS,
  ...schedule.EVENTS,
  ...referral.EVENTS,
  ...membership.EVENTS,
} as const;

/** The page-level configuration script every widget reads when an attribute is absent. */
export const CONFIG_SCRIPT_ID = "fitkit-config";
