import type { LiveClass } from "../../src/api/types.js";
import { isVirtualClass, webCallLink, type Placed } from "../../src/domain/classes.js";

// How a class's place and cancellation terms are said, shared by the schedule widget and the hosted app's class pages
// (the server needs none of it: it checks call links with src/domain's webCallLink). Kept out of src/ so the core each
// widget carries stays within its budget.

/**
 * The video-call link a member may follow for a class: an online class's web link (an in-person class has an address,
 * never a call, whatever the row holds).
 */
export const classCallLink = (c: Placed & { zoom_link?: string | null }, allowHttp: boolean) =>
  isVirtualClass(c) ? webCallLink(c.zoom_link, allowHttp) : undefined;

/** A maps search for the studio's address: directions open in the visitor's maps app or site. */
export function directionsUrl(c: Placed): string | undefined {
  const where = c.location as LiveClass["location"];
  if (!where || where.kind === "virtual" || !where.address) return undefined;
  const destination =
    where.city && !where.address.includes(where.city) ? `${where.address}, ${where.city}` : where.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

type WithPolicy = { start_date: string; policy?: { free_cancel_until: string }; location?: unknown };

/**
 * Issue 32: a class's cancellation terms as the schedule, its cancel dialog and Booked Classes all say them. `late`:
 * cancelling now is a late cancel. Else the copy key and the cutoff, always with its day: "today" (the key says it)
 * when the cutoff falls on today, else its date ("Mon, Nov 23, 8:00 AM"), never only a time that reads as the class's
 * own day. Read in `timeZone`, the zone the page shows the class's times in (else the studio's). Undefined when the
 * class carries no policy.
 */
export function cancelTerms(
  c: WithPolicy,
  now: number,
  locale: string,
  timeZone?: string,
):
  | { late: true }
  | { late: false; key: "live.freeCancelUntil" | "live.freeCancelUntilToday"; time: string }
  | undefined {
  if (!c.policy) return undefined;
  const until = Date.parse(c.policy.free_cancel_until);
  if (now > until) return { late: true };
  const zone = timeZone ?? (c.location as LiveClass["location"] | undefined)?.time_zone;
  const day = (t: number) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short" }).format(t);
  const today = day(until) === day(now);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
    ...(today ? {} : { weekday: "short", month: "short", day: "numeric" }),
  }).format(until);
  return { late: false, key: today ? "live.freeCancelUntilToday" : "live.freeCancelUntil", time };
}
