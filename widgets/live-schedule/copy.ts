import { liveEn } from "../../src/i18n/spec/live.js";
import { sayWith } from "../ui/copy.js";

/** This widget's chrome labels, then the shared ones and the spec's catalogue. */
export const say = sayWith(
  {
    "live.title": "Live classes",
    "live.allLocations": "All locations",
    "live.previousWeek": "Previous week",
    "live.nextWeek": "Next week",
    "live.zoneNote": "Class times are shown in {timeZone}, the studio's time zone.",
    "live.days": "Choose a day",
    "live.noClasses": "No classes on this day",
    "live.noClassesHint": "Try another day of the week.",
    "live.filters": "Filter classes",
    "live.filterType": "Class type",
    "live.filterTrainer": "Trainer",
    "live.filterRoom": "Room",
    "live.filterAll": "All",
    "live.noMatches": "No classes match your filters on this day",
    "live.clearFilters": "Clear filters",
    // A count's plural forms sit side by side: `key#one` (Intl.PluralRules' category), the plain key for "other".
    "live.spotsLeft": "{count} spots left",
    "live.spotsLeft#one": "{count} spot left",
    "live.full": "Full",
    "live.started": "In progress",
    "live.minutes": "{minutes} min",
    "live.with": "with {trainer}",
    "live.cancel": "Cancel",
    "live.checkIn": "Check in",
    "live.checkedIn": "Checked in",
    "live.join": "Join the video call",
    "live.addToCalendar": "Add to calendar",
    "live.nextBooked": "Your next class",
    "live.signInToReserve": "Reserve opens the fitkit booking page in a new window.",
    "live.popupBlocked": "Your browser blocked the booking window. Allow pop-ups for this site and try again.",
    "live.bookingOpens": "Booking opens {time}",
  },
  liveEn,
);
