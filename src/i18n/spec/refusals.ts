/**
 * Why the server refuses a member's booking or waitlist place (issue 18's policy and waitlist): the API answers these
 * sentences in English as written here (the contract's `{statusCode, message, error}`), and the widget and the app
 * show them in the member's language by matching a message back to its key (`src/i18n/refusals.ts`). Pure data, so
 * the server imports it too (src/domain's project lists it). `{…}` are the values the server fills in.
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
