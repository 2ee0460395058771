/** Live classes and reservations (spec §8 reservation and cancellation copy, the confirmation, the time-zone note). */
export const liveEn = {
  "error.reservation.400": "Your reservation could not be completed. Please try again.",
  "error.reservation.notFound": "We couldn’t find your reservation. Please try to log in and refresh the page.",
  "error.cancellation.400": "Your cancellation could not be completed. Please try again.",
  "error.cancellation.relogin": "We couldn’t cancel your reservation. Please try to log in again and refresh the page.",
  "error.cancellation.404": "We couldn’t find your reservation...",
  "success.reserved": "You’re in!",
  "success.reservedNote": "The video-call link appears 15 mins before class.",
  "success.reservedClass": "{name} with {trainer}, {when}.",
  "success.reservedInPerson": "See you at the {place}.",
  "success.reservationCancelled": "Your reservation is cancelled.",
  "success.addedToCalendar": "You added the class to your calendar successfully",
  "confirm.cancelClass": "Are you sure you want to cancel your class?",
  "action.cancelBooking": "Cancel booking",
  "action.reserve": "Reserve",
  "live.timezoneNote": "Class times are shown in your time zone ({timeZone}).",
  // The cancellation terms, said the same way on the schedule, in its cancel dialog and on Booked Classes; a cutoff
  // always names its day ("today", else the date), never only a time that could be the class's own day or not.
  "live.freeCancelUntil": "Free cancellation until {time}",
  "live.freeCancelUntilToday": "Free cancellation until {time} today",
  "live.lateCancelNow": "Cancelling now is a late cancel",
  "live.confirmLateCancel": "It’s past the free cancellation time, so this counts as a late cancel.",
  "live.directions": "Directions",
  "live.alreadyBooked": "You already booked {name}, {when}.",
  "live.alreadyBookedTitle": "Already booked",
  "live.notBooked": "You have no booking for this class.",
} as const;
