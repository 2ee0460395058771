// A member's self-serve pause (issue 19): 1 to 3 months from the end of the paid period. One rule for the server
// (which refuses and schedules), the membership panel (which offers it and states the dates before confirming) and
// the hosted app.
import { ms } from "./numbers.js";

/** How long a pause may last, in months: the member chooses 1, 2 or 3. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

/** What the rule reads of a subscription: the contract's answer on clients, a database row on the server. */
export interface PausablePlan {
  provider: string;
  state: string;
  expiration_date?: string | Date | null;
  /** A pause already asked for (scheduled or running). */
  pause?: unknown;
}

/** Adds calendar months in UTC, keeping the day of month where it exists (Jan 31 + 1 month → Feb 28). */
export function addMonths(from: Date | string, months: number): Date {
  const d = new Date(ms(from));
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The pause `months` long that starts when the current period ends. */
export function pauseWindow(periodEnd: Date | string, months: number): { starts_at: Date; resumes_at: Date } {
  return { starts_at: new Date(ms(periodEnd)), resumes_at: addMonths(periodEnd, months) };
}

/**
 * Why this membership cannot be paused now, in the words the member reads (the server answers them as 400s), or
 * null when it can. Only a running membership billed here may pause, once: not one already paused or with a pause
 * waiting, not a cancelled, ended, unpaid, prepaid or VIP one, and not one the App Store, Google Play or the studio
 * manages (spec §4 subscription states: those are managed there).
 */
export function pauseRefusal(s: PausablePlan, now: number): string | null {
  if (s.provider === "apple") return "This membership is managed in the App Store.";
  if (s.provider === "google") return "This membership is managed in Google Play.";
  if (s.provider === "marianatek") return "Unlimited studio memberships are managed in the studio app.";
  if (s.state === "vip") return "VIP memberships are managed by member support";
  if (s.state === "prepaid") return "A prepaid membership ends on its date and cannot be paused";
  if (s.state === "paused") return "The membership is already paused";
  if (s.pause) return "A pause is already scheduled for this membership";
  if (s.state === "canceled") return "A cancelled membership cannot be paused: reactivate it first";
  if (s.state === "past_due") return "A membership with an unpaid renewal cannot be paused: update your card first";
  if (s.state === "expired") return "An ended membership cannot be paused";
  if (s.state === "trial") return "A free trial cannot be paused";
  if (s.state !== "active") return `A ${s.state} membership cannot be paused`;
  if (!(ms(s.expiration_date) > now)) return "The membership has no running period to pause after";
  return null;
}
