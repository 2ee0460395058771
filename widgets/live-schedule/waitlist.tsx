/** @jsxImportSource preact */
import type { LiveClass } from "../../src/api/index.js";
import { joinWaitlist, leaveWaitlist } from "../../src/api/calls/waitlist.js";
import type { ApiClient } from "../../src/api/client.js";
import { placeTime, type Zone } from "./format.js";
import { ordinal } from "../../src/domain/ordinal.js";
import { MINUTE_MS } from "../../src/domain/numbers.js";
import { Button } from "../ui/parts.js";
import { sayWaitlist as say } from "./waitlist-copy.js";
import { speak, speaking, type Copy } from "../ui/copy.js";
import { languages } from "./languages.js";

/**
 * The schedule's waitlist part (issue 18), loaded the first time a shown class is full or the member waits for one:
 * a full class's waitlist length, the member's place ("3rd on the waitlist") and when they would be booked
 * automatically, and the Join / Leave waitlist buttons.
 */
interface RowProps {
  c: LiveClass;
  now: number;
  zone: Zone;
  styles: { spots: string; waiting: string; policy: string };
}

/** What a class that is not booked says about its waitlist: the member's place, or how many wait. */
export function WaitlistStatus({ c, now, zone, styles }: RowProps) {
  const waitlist = c.waitlist;
  const position = waitlist?.position ?? null;
  if (position !== null) {
    const autoBook = c.policy && Date.parse(c.start_date) - c.policy.auto_book_cutoff_minutes * MINUTE_MS;
    return (
      <>
        <p class={styles.waiting} data-status tabIndex={-1}>
          {say("live.waitlistPosition", { position: ordinal(position, speaking().locale) })}
        </p>
        {autoBook && autoBook > now && (
          <p class={styles.policy}>{say("live.autoBookUntil", { time: placeTime(zone, c, autoBook) })}</p>
        )}
      </>
    );
  }
  return (
    <p class={styles.spots} data-status tabIndex={-1}>
      {/* A full class always says how long its waitlist is (issue 32 item 10), an empty one included. */}
      {waitlist && waitlist.count > 0
        ? say("live.waitlistWaiting", { count: waitlist.count })
        : waitlist && !waitlist.open
          ? say("live.waitlistFull")
          : say("live.waitlistEmpty")}
    </p>
  );
}

interface ButtonProps {
  c: LiveClass;
  busy: boolean;
  headingId: string;
  onJoin(): void;
  onLeave(entryId: string): void;
}

/** Leave waitlist for the member's place, Join waitlist for a full class whose list has room; else nothing. */
export function WaitlistButton({ c, busy, headingId, onJoin, onLeave }: ButtonProps) {
  const entryId = c.waitlist?.entry_id;
  if (entryId)
    return (
      <Button part="leave-waitlist" busy={busy} aria-describedby={headingId} onClick={() => onLeave(entryId)}>
        {say("live.leaveWaitlist")}
      </Button>
    );
  if (!c.waitlist?.open) return null;
  return (
    <Button part="waitlist" variant="primary" busy={busy} aria-describedby={headingId} onClick={onJoin}>
      {say("live.joinWaitlist")}
    </Button>
  );
}

/**
 * Joins a class's waitlist and answers what to announce ("You’re 3rd on the waitlist."); a refusal throws an Error
 * with the server's message, which names the rule (a full waitlist, an overlapping class, the open-bookings limit),
 * in the widget's language.
 */
export function join(api: ApiClient, classId: string) {
  // The answer arrives after an await: it is said in the language of the widget that asked.
  const copy = speaking();
  return joinWaitlist(api, classId).then((entry) => {
    speak(copy);
    return say("live.joinedWaitlist", { position: ordinal(entry.position ?? 1, copy.locale) });
  }, refusal(copy));
}
/** Leaves a waitlist place and answers what to announce. */
export function leave(api: ApiClient, entryId: string) {
  const copy = speaking();
  return leaveWaitlist(api, entryId).then(() => {
    speak(copy);
    return say("live.leftWaitlist");
  }, refusal(copy));
}
export const promotedMessage = (name: string) => say("live.promoted", { name });

/** Each translated language's chunk (loaded already when `copy` speaks it); English has none. */
const chunks: Partial<Record<string, (typeof languages)["es-US"]>> = languages;

/**
 * Rethrows a refusal as an Error with the server's message, in `copy`'s language when its translation knows the
 * refusal's code (src/i18n/spec/refusals.ts), as sent otherwise (English: the server's message is English).
 */
const refusal =
  (copy: Copy) =>
  async (error: unknown): Promise<never> => {
    const body = (error as { body?: { message?: unknown } } | undefined)?.body;
    if (typeof body?.message !== "string") throw error;
    throw new Error((await chunks[copy.locale]?.())?.refusal(body) ?? body.message);
  };

/** Booking refusals that name who may book (issue 33): said as such, where other refusals keep the spec's copy. */
const NAMED_BOOKING_REFUSALS: readonly unknown[] = ["membership_required", "open_bookings_limit"];

/**
 * A refusal of who may book (no membership, the open-bookings limit; src/i18n/spec/refusals.ts) in the widget's
 * language; undefined for any other failure, which the caller words by its status (the spec's reservation copy).
 */
export async function bookingRefusal(error: unknown): Promise<string | undefined> {
  const copy = speaking();
  const body = (error as { body?: { message?: unknown; code?: unknown } } | undefined)?.body;
  if (typeof body?.message !== "string" || !NAMED_BOOKING_REFUSALS.includes(body.code)) return undefined;
  return (await chunks[copy.locale]?.())?.refusal(body) ?? body.message;
}
