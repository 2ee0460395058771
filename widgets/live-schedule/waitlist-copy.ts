import { sayWith } from "../ui/copy.js";

/**
 * The waitlist's copy (issue 18), kept beside the schedule's copy.ts but in the part loaded when a shown class is full
 * or the member waits for one (waitlist.tsx), so a schedule with spots everywhere never downloads it.
 */
export const sayWaitlist = sayWith({
  "live.joinWaitlist": "Join waitlist",
  "live.leaveWaitlist": "Leave waitlist",
  "live.waitlistPosition": "{position} on the waitlist",
  "live.waitlistWaiting": "Full · {count} on the waitlist",
  "live.waitlistFull": "Full · waitlist full",
  "live.waitlistEmpty": "Full · no one on the waitlist yet",
  "live.joinedWaitlist": "You’re {position} on the waitlist.",
  "live.leftWaitlist": "You left the waitlist.",
  "live.autoBookUntil": "If a spot opens before {time}, you’re booked automatically and emailed.",
  "live.promoted": "A spot opened: you’re booked into {name}.",
});
