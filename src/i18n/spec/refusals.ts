/**
 * Why the server refuses a member's booking or waitlist place (issue 18's policy and waitlist): the API answers these
 * sentences in English as written here, with the refusal's `code` and the `values` it names (the contract's error
 * body), and the widget and the app say it in the member's language by its code (`src/i18n/refusals.ts`). Pure data,
 * so the server imports it too (src/domain's project lists it). `{…}` are the values the server fills in.
 */
export const refusalsEn = {
  "refusal.membershipRequired": "Booking live classes is part of a membership. Start or renew yours to book.",
  "refusal.classCancelled": "This class has been cancelled.",
  "refusal.classStarted": "This class has already started.",
  "refusal.alreadyBooked": "You already have a reservation for this class.",
  "refusal.bookingOpens": "Booking for this class opens {opens} ({count} days before it starts).",
  "refusal.openBookingsLimit":
    "You can hold at most {count} open bookings and waitlist places at {location}. Cancel one to book another.",
  "refusal.alreadyWaiting": "You are already on the waitlist for this class.",
  "refusal.waitingAtSameTime":
    "You are already on the waitlist for {classType} at the same time; leave that waitlist first.",
  "refusal.spotsLeft": "This class has spots left: book it instead.",
  "refusal.waitlistFull": "The waitlist for this class is full.",
  "refusal.bookedFromWaitlist": "You were booked from the waitlist: cancel the booking instead.",
  "refusal.noLongerWaiting": "You are no longer on this waitlist.",
  "refusal.entryNotFound": "We couldn’t find your waitlist entry.",
} as const;

export type RefusalKey = keyof typeof refusalsEn;

/** The stable code the API answers with each refusal (docs/api.md lists them); clients translate by it. */
export const refusalCodes = {
  "refusal.membershipRequired": "membership_required",
  "refusal.classCancelled": "class_cancelled",
  "refusal.classStarted": "class_started",
  "refusal.alreadyBooked": "already_booked",
  "refusal.bookingOpens": "booking_not_open",
  "refusal.openBookingsLimit": "open_bookings_limit",
  "refusal.alreadyWaiting": "already_waiting",
  "refusal.waitingAtSameTime": "waiting_at_same_time",
  "refusal.spotsLeft": "class_has_spots",
  "refusal.waitlistFull": "waitlist_full",
  "refusal.bookedFromWaitlist": "booked_from_waitlist",
  "refusal.noLongerWaiting": "no_longer_waiting",
  "refusal.entryNotFound": "waitlist_entry_not_found",
} as const satisfies Record<RefusalKey, string>;
