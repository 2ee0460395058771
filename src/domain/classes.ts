import type { LiveClass, Reservation } from "../api/types.js";
import { DAY_MS, MINUTE_MS, ms } from "./numbers.js";

/** Spec §5/§9: entry opens 15 minutes before start. */
const CLASS_ENTRY_MS = 15 * MINUTE_MS;
/**
 * Spec §9: the class timer adds 300 extra units; read as milliseconds of slack so a refresh lands after the instant.
 */
const CLASS_TIMER_SLACK_MS = 300;
/** Spec §9: classes are listed up to 30 days ahead. */
export const CLASS_HORIZON_DAYS = 30;

/** A class's start and end: ISO strings in answers, Dates in the server's rows. */
type Timed = { start_date: string | Date; end_date: string | Date };

/**
 * Enterable from 15 minutes before start until the class ends: check-in is allowed and the video-call link shows. The
 * server enforces it and the app and schedule widget show it, all through this one rule.
 */
export const canEnterClass = (c: Timed, now: number) =>
  now >= ms(c.start_date) - CLASS_ENTRY_MS && now < ms(c.end_date);
/** Spec §5: in progress when the start is now or past (and it has not ended). */
export const isClassInProgress = (c: Timed, now: number) => now >= ms(c.start_date) && now < ms(c.end_date);
export const hasClassEnded = (c: Timed, now: number) => now >= ms(c.end_date);

/**
 * Spec §4: the class timer refreshes when the next class becomes enterable or ends. Answers the delay in ms until the
 * earliest such instant after `now` (plus the timer slack), or undefined when nothing is left to wait for.
 */
export function classTimerDelay(classes: Timed[], now: number): number | undefined {
  let next = Infinity;
  for (const c of classes) {
    for (const t of [ms(c.start_date) - CLASS_ENTRY_MS, ms(c.end_date)]) if (t > now && t < next) next = t;
  }
  return next === Infinity ? undefined : next - now + CLASS_TIMER_SLACK_MS;
}

/** Spec §4: upcoming = not cancelled and the class has not ended; soonest first. */
export const upcomingReservations = (list: Reservation[], now: number) =>
  list
    .filter((r) => r.status !== "standard cancel" && ms(r.class_data.end_date) > now)
    .sort((a, b) => ms(a.class_data.start_date) - ms(b.class_data.start_date));

/** The member's live reservation for a class, if any (cancelled ones do not count). */
export const reservationFor = (list: Reservation[], classId: string) =>
  list.find((r) => r.class_data.id === classId && r.status !== "standard cancel");

/** The query window of the public schedule: today through 30 days ahead. */
export const classWindow = (now: number) => ({
  min_date: new Date(now).toISOString(),
  max_date: new Date(now + CLASS_HORIZON_DAYS * DAY_MS).toISOString(),
});

export type Placed = { location?: LiveClass["location"] | unknown; id: string };

/**
 * Online classes (the live virtual studio) get a video-call link; studio classes happen at an address. A class from a
 * server that does not say where is taken as online, the only kind older answers described.
 */
export function isVirtualClass(c: Placed): boolean {
  const where = c.location as LiveClass["location"];
  return where ? where.kind === "virtual" : true;
}

/** "Chicago studio, 1530 N Wells St, Chicago, IL 60610": where a member goes for an in-person class. */
export function studioPlace(c: Placed): string {
  const where = c.location as LiveClass["location"];
  if (!where) return "";
  return where.address ? `${where.name} studio, ${where.address}` : `${where.name} studio`;
}

/**
 * The class's start as its studio's clock reads it, with the zone named ("Tuesday, November 25, 10:00 AM CST"), so a
 * member booking from another zone is not misled; the browser's zone when the class does not say.
 */
export function classStartLabel(c: Pick<LiveClass, "start_date"> & { location?: unknown }, locale = "en-US"): string {
  const zone = (c.location as LiveClass["location"])?.time_zone;
  return new Date(c.start_date).toLocaleString(locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    ...(zone ? { timeZone: zone } : {}),
  });
}

/** A location's booking and cancellation policy, as class and location answers carry it. */
export interface BookingPolicy {
  /** Booking opens this many days before a class starts. */
  booking_window_days: number;
  /** Cancelling later than this many minutes before the start is a late cancel. */
  late_cancel_minutes: number;
}

/**
 * Issue 18: booking opens `booking_window_days` whole days (24 h each) before the start. The schedule lists 30 days
 * ahead (CLASS_HORIZON_DAYS, what is shown); this is the one rule of what can be booked, the server's and the widget's.
 */
export const bookingOpensAt = (start: string | Date, policy: Pick<BookingPolicy, "booking_window_days">) =>
  ms(start) - policy.booking_window_days * DAY_MS;

/** The last instant a cancel is free; cancelling after it is allowed and marked late. */
export const freeCancelUntil = (start: string | Date, policy: Pick<BookingPolicy, "late_cancel_minutes">) =>
  ms(start) - policy.late_cancel_minutes * MINUTE_MS;

/**
 * Open bookings and waitlist places a member may hold at one location when its policy names no number of its own
 * (`max_open_bookings` null): two weeks of one class a day is 14, so 10 leaves room for a regular and stops one account
 * from holding a studio's schedule.
 */
export const DEFAULT_MAX_OPEN_BOOKINGS = 10;

/** The open-bookings limit that applies at a location: its own, else the default. */
export const openBookingsLimit = (policy: { max_open_bookings: number | null }) =>
  policy.max_open_bookings ?? DEFAULT_MAX_OPEN_BOOKINGS;

export const isLateCancel = (start: string | Date, policy: Pick<BookingPolicy, "late_cancel_minutes">, now: number) =>
  now > freeCancelUntil(start, policy);

/**
 * Issue 33: a class's video-call link is only ever a web address: `https:`, and `http:` where the deployment itself is
 * plain http (development). Any other scheme (`javascript:`, `data:`…) is never stored, and never rendered when an
 * older row holds one. Answers the normalised link, or undefined when it is not one.
 */
export function webCallLink(url: string | null | undefined, allowHttp: boolean): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === "https:" || (allowHttp && parsed.protocol === "http:") ? parsed.href : undefined;
}
