import { sql } from "kysely";
import type { Db } from "../db/index.js";
import { badRequest, forbidden, notFound, type ErrorValues, type Refusal } from "../errors.js";
import { bookingOpensAt, openBookingsLimit } from "../../../src/domain/classes.js";
import { refusalCodes, refusalsEn, type RefusalKey } from "../../../src/i18n/spec/refusals.js";
import { interpolate } from "../../../src/i18n/translate-core.js";
import { classRows, type ClassRow } from "./live-classes.js";
import type { EntitlementResolver } from "./entitlements.js";
import { queueMail } from "./mail.js";

/*
 * The rules of booking a live class, in one place for every writer: who may book or wait (`bookableClass`), the
 * member lock their bookings and waitlist joins run under, and what happens when spots open (`spotsOpened`: the
 * waitlist's promotion). The reservation and waitlist services, the studio desk and account erasure all use these.
 */

/**
 * Locks the member's row and answers the class they may book or wait for, refusing otherwise (issue 18's policy,
 * issue 33's booking rule): the class exists, is not cancelled and has not started; live classes are part of a
 * membership, so only a member with an active one (a digital plan, trial, VIP or studio membership: any entitlement)
 * books or waits (403 otherwise); booking opens `booking_window_days` before the start; a member holds at most
 * `openBookingsLimit` open bookings and waitlist places at the location (the location's `max_open_bookings`, else
 * DEFAULT_MAX_OPEN_BOOKINGS; a place counts, so a promotion never takes a member past it). Not booked already (a
 * member is never booked and waiting for one class). The member's row lock holds to the end of the transaction, so
 * one member's bookings and joins run one at a time and the count below cannot be raced past the limit.
 */
export async function bookableClass(
  trx: Db,
  userId: string,
  classId: string,
  now: Date,
  options: { joiningWaitlist: boolean; entitlements: EntitlementResolver },
): Promise<ClassRow> {
  await lockMember(trx, userId);
  const cls = await classRows(trx).where("c.id", "=", classId).executeTakeFirst();
  if (!cls) throw notFound({ message: "Class not found", code: "class_not_found" });
  if (cls.cancelled_at) throw badRequest(refusal("refusal.classCancelled"));
  if (cls.start_at <= now) throw badRequest(refusal("refusal.classStarted"));
  await assertBookable(trx, userId, cls, now, options);
  return cls;
}

/** The membership, window, already-booked and open-bookings rules of `bookableClass`, in that order. */
async function assertBookable(
  trx: Db,
  userId: string,
  cls: ClassRow,
  now: Date,
  options: { joiningWaitlist: boolean; entitlements: EntitlementResolver },
): Promise<void> {
  const { entitlements } = await options.entitlements(trx, userId);
  if (!entitlements.length) throw forbidden(refusal("refusal.membershipRequired"));
  const opens = bookingOpensAt(cls.start_at, cls);
  if (now.getTime() < opens)
    throw badRequest(
      refusal(
        "refusal.bookingOpens",
        { opens: new Date(opens).toISOString(), zone: cls.time_zone, count: cls.booking_window_days },
        { opens: classTime(new Date(opens), cls.time_zone), count: cls.booking_window_days },
      ),
    );
  const held = await trx
    .selectFrom("reservations")
    .select("id")
    .where("user_id", "=", userId)
    .where("class_id", "=", cls.id)
    .where("status", "<>", "standard cancel")
    .executeTakeFirst();
  if (held) throw badRequest(refusal("refusal.alreadyBooked"));
  const limit = openBookingsLimit(cls);
  const { n } = await sql<{ n: string }>`
    select (select count(*) from reservations r join live_classes c on c.id = r.class_id
             where r.user_id = ${userId} and r.status = 'pending' and c.location_id = ${cls.location_id}
               and c.start_at > ${now} and c.cancelled_at is null)
         + (select count(*) from waitlist_entries w join live_classes c on c.id = w.class_id
             where w.user_id = ${userId} and w.status = 'waiting' and c.location_id = ${cls.location_id}
               and c.start_at > ${now} and c.cancelled_at is null
               -- Booking a class the member waits for turns that place into the booking: it is not counted twice.
               and (${options.joiningWaitlist} or w.class_id <> ${cls.id})) as n`
    .execute(trx)
    .then((r) => r.rows[0]!);
  if (Number(n) >= limit)
    throw badRequest(refusal("refusal.openBookingsLimit", { count: limit, location: cls.location_name }));
}

/**
 * A refusal of a member's booking or waitlist place: the catalogue's English words (`src/i18n/spec/refusals.ts`) with
 * its `{name}`s filled in from `shown`, its code, and `values` for clients that say it in another language (the same
 * values unless the English shows one differently, as an instant written out in the class's zone).
 */
export const refusal = (key: RefusalKey, values: ErrorValues = {}, shown: ErrorValues = values): Refusal => ({
  message: interpolate(refusalsEn[key], shown),
  code: refusalCodes[key],
  ...(Object.keys(values).length > 0 && { values }),
});

/** Locks the member's row (NO KEY UPDATE: a reservation's foreign key to it is not held up). */
async function lockMember(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
}

/**
 * Ends the member's open waitlist entry on a class they have just booked themselves (after the auto-book cutoff the
 * first to book gets the spot): the entry is promoted and the place given back. Answers whether there was one.
 */
export async function bookedFromWaitlist(trx: Db, userId: string, classId: string, now: Date): Promise<boolean> {
  const ended = await trx
    .updateTable("waitlist_entries")
    .set({ status: "promoted", ended_at: now })
    .where("user_id", "=", userId)
    .where("class_id", "=", classId)
    .where("status", "=", "waiting")
    .returning("id")
    .executeTakeFirst();
  if (!ended) return false;
  await trx
    .updateTable("live_classes")
    .set({ waitlisted: sql`greatest(waitlisted - 1, 0)` })
    .where("id", "=", classId)
    .execute();
  return true;
}

export interface SpotsOpenedResult {
  /** Members booked from the waitlist (before the auto-book cutoff), first in line first. */
  promoted: string[];
  /** Members told a spot is open (after the cutoff): the first of them to book gets it. */
  notified: string[];
  /** Members whose membership ended while they waited: their place expired and they were told why. */
  lapsed: string[];
}

/**
 * Call inside the transaction that opened one or more spots of a class (a cancelled reservation, a raised capacity,
 * an erased member), after `booked`/`capacity` are written. Locks the class row, then:
 * - before the location's auto-book cutoff (`auto_book_cutoff_minutes` before the start): books the first waiting
 *   members into the free spots (reservations.from_waitlist = true) and queues each an email;
 * - after the cutoff: queues an email to everyone still waiting that a spot is open (notified_at = now); the first of
 *   them to book gets it.
 * A class cancelled or already started is left alone. A waiting member who holds a booking overlapping the class is
 * passed over (still waiting). A waiting member without a membership any more (it lapsed or was cancelled while they
 * waited: live classes are part of a membership, `assertBookable`) is neither booked nor told: their place expires
 * ('expired', as when the class starts), they get an email saying why, and the next in line is served. Emails are
 * written to the outbox in `trx` (`queueMail`), so they exist exactly when the change commits, and the mailer sends
 * them then when SMTP is configured.
 */
export async function spotsOpened(
  trx: Db,
  classId: string,
  context: { now: Date; publicUrl: string; entitlements: EntitlementResolver },
): Promise<SpotsOpenedResult> {
  const { now, publicUrl } = context;
  const result: SpotsOpenedResult = { promoted: [], notified: [], lapsed: [] };
  await trx.selectFrom("live_classes").select("id").where("id", "=", classId).forNoKeyUpdate().execute();
  const cls = await classRows(trx).where("c.id", "=", classId).executeTakeFirst();
  if (!cls || cls.cancelled_at || cls.start_at <= now) return result;
  let free = cls.capacity - cls.booked;
  if (free <= 0 || cls.waitlisted <= 0) return result;
  const beforeCutoff = now.getTime() < cls.start_at.getTime() - cls.auto_book_cutoff_minutes * 60_000;
  const waiting = await trx
    .selectFrom("waitlist_entries as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select(["w.id", "w.user_id", "u.email", "u.given_name"])
    .where("w.class_id", "=", classId)
    .where("w.status", "=", "waiting")
    .orderBy("w.seq")
    .forUpdate("w")
    .execute();
  const what = classLine(cls);
  const queue = await withoutLapsed(trx, waiting, cls, context, result);
  if (!beforeCutoff) {
    for (const entry of queue) {
      await trx.updateTable("waitlist_entries").set({ notified_at: now }).where("id", "=", entry.id).execute();
      await queueMail(trx, {
        to: entry.email,
        subject: `A spot opened in ${cls.class_type}`,
        text: [
          `Hi ${entry.given_name || "there"},`,
          "",
          `A spot just opened in ${what}. It goes to the first person on the waitlist to book it:`,
          `${publicUrl}/live`,
        ].join("\n"),
      });
      result.notified.push(entry.user_id);
    }
    return result;
  }
  for (const entry of queue) {
    if (free <= 0) break;
    const clash = await trx
      .selectFrom("reservations as r")
      .innerJoin("live_classes as o", "o.id", "r.class_id")
      .select("r.id")
      .where("r.user_id", "=", entry.user_id)
      .where("r.status", "<>", "standard cancel")
      .where("o.cancelled_at", "is", null)
      .where("o.start_at", "<", cls.end_at)
      .where("o.end_at", ">", cls.start_at)
      .executeTakeFirst();
    if (clash) continue;
    const taken = await trx
      .updateTable("live_classes")
      .set({ booked: sql`booked + 1`, waitlisted: sql`greatest(waitlisted - 1, 0)` })
      .where("id", "=", classId)
      .where(sql<boolean>`booked < capacity`)
      .returning("id")
      .executeTakeFirst();
    if (!taken) break;
    await trx
      .updateTable("waitlist_entries")
      .set({ status: "promoted", ended_at: now })
      .where("id", "=", entry.id)
      .execute();
    await trx
      .insertInto("reservations")
      .values({ user_id: entry.user_id, class_id: classId, status: "pending", created_at: now, from_waitlist: true })
      .execute();
    await queueMail(trx, {
      to: entry.email,
      subject: `You're booked: ${cls.class_type}`,
      text: [
        `Hi ${entry.given_name || "there"},`,
        "",
        `A spot opened and you were next on the waitlist, so you're booked into ${what}.`,
        `Can't make it? Cancel from your booked classes: ${publicUrl}/live/booked-classes`,
      ].join("\n"),
    });
    result.promoted.push(entry.user_id);
    free--;
  }
  return result;
}

/**
 * The queue without the members whose membership has ended: each of their entries expires (and leaves the class's
 * waitlisted count) with an email saying why, so the spot goes to the next member who may take it.
 */
async function withoutLapsed<E extends { id: string; user_id: string; email: string; given_name: string }>(
  trx: Db,
  queue: E[],
  cls: ClassRow,
  context: { now: Date; publicUrl: string; entitlements: EntitlementResolver },
  result: SpotsOpenedResult,
): Promise<E[]> {
  const kept: E[] = [];
  for (const entry of queue) {
    const { entitlements } = await context.entitlements(trx, entry.user_id);
    if (entitlements.length) {
      kept.push(entry);
      continue;
    }
    await trx
      .updateTable("waitlist_entries")
      .set({ status: "expired", ended_at: context.now })
      .where("id", "=", entry.id)
      .execute();
    await trx
      .updateTable("live_classes")
      .set({ waitlisted: sql`greatest(waitlisted - 1, 0)` })
      .where("id", "=", cls.id)
      .execute();
    await queueMail(trx, {
      to: entry.email,
      subject: `Your waitlist place for ${cls.class_type} has ended`,
      text: [
        `Hi ${entry.given_name || "there"},`,
        "",
        `A spot opened in ${classLine(cls)}, but live classes are part of a membership and yours has ended,`,
        "so your place on the waitlist has ended and the spot goes to the next member waiting.",
        `Become a member again to book live classes: ${context.publicUrl}/account/membership`,
      ].join("\n"),
    });
    result.lapsed.push(entry.user_id);
  }
  return kept;
}

/** "Strength & Sculpt with Ana, Tuesday, November 25, 6:00 AM CST at Chicago". */
function classLine(cls: ClassRow): string {
  const trainer = cls.trainer_name ? ` with ${cls.trainer_name}` : "";
  return `${cls.class_type}${trainer}, ${classTime(cls.start_at, cls.time_zone)} at ${cls.location_name}`;
}

/** "Tuesday, November 25, 6:00 AM CST": a moment in the location's zone, as refusals and emails say it. */
const classTime = (at: Date, timeZone: string) =>
  at.toLocaleString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return !!e && e.code === "23505" && e.constraint === constraint;
}
