/**
 * Every name the widget kit shares with pages that embed it: tags, events, the booking hand-off protocol.
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

/**
 * The popup booking hand-off: a widget on another site opens `${hostedApp}/live/book?class=<id>&origin=<site origin>`;
 * the hosted app signs the member in, books, and posts this message to `window.opener` with the site origin as the
 * target origin (only when that origin is in its allow-list). The widget accepts it only from the hosted app's origin
 * and only from the popup it opened. Tokens never leave the hosted app.
 */
export const BOOKING_MESSAGE = "fit:booked";
export const BOOKING_PATH = "/live/book";
export interface BookingMessage {
  type: typeof BOOKING_MESSAGE;
  classId: string;
}
export const isBookingMessage = (data: unknown): data is BookingMessage =>
  typeof data === "object" && data !== null && (data as BookingMessage).type === BOOKING_MESSAGE && typeof (data as BookingMessage).classId === "string";

/** The page-level configuration script every widget reads when an attribute is absent. */
export const CONFIG_SCRIPT_ID = "fitkit-config";
