import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ReservationStatus } from "../db/tables/studios.js";
import { badRequest, notFound } from "../errors.js";
import type { Mailer } from "./mail.js";
import { isEnterable } from "./live-classes.js";
import {
  assertEditable,
  type CancelledClassView,
  type StudioScheduleService,
  type StaffClassView,
} from "./studio-schedule.js";
import { type Answer, exactObject, strictObject } from "../schemas.js";

/**
 * Called inside the capacity change's transaction when raising a class's capacity opens spots, with the class row
 * still locked. The waitlist's promotion (services/booking-rules.ts `spotsOpened`) is wired here; this module decides
 * nothing about who gets the spots.
 */
export type SpotsOpened = (trx: Db, classId: string) => Promise<unknown>;

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const boolean = { type: "boolean" } as const;
const dateTime = { type: "string", format: "date-time" } as const;
const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;

/** A booking on a class roster (check-in and no-show answer one too). */
export const bookingSchema = strictObject(
  {
    reservation_id: string,
    user_id: string,
    name: string,
    email: string,
    status: { type: "string", enum: ["pending", "standard cancel", "check in"] },
    state: { type: "string", enum: ["booked", "checked_in", "no_show", "late_cancel", "cancelled"] },
    from_waitlist: boolean,
    booked_at: dateTime,
    checked_in_at: nullableDateTime,
    cancelled_at: nullableDateTime,
    no_show_at: nullableDateTime,
  },
  ["reservation_id", "user_id", "name", "email", "status", "state", "from_waitlist", "booked_at"],
);

/** A member waiting on a class roster. */
export const waitingSchema = exactObject({
  entry_id: string,
  user_id: string,
  name: string,
  email: string,
  position: integer,
  joined_at: dateTime,
});

export type RosterBooking = Answer<typeof bookingSchema>;
type RosterWaiting = Answer<typeof waitingSchema>;

const WHEN_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/** The desk: cancel a class, change its capacity, its roster, check-in and no-shows. */
export class StudioDeskService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      mailer: Mailer;
      schedule: StudioScheduleService;
      /** The waitlist's promotion when spots open (see SpotsOpened); absent, raising capacity only frees spots. */
      spotsOpened?: SpotsOpened;
    },
  ) {}

  /**
   * Cancels a class that has not started: every active reservation becomes 'standard cancel' (not late: the studio
   * cancelled), every waiting entry 'expired', the counts go to 0, and the class leaves the public schedule (which
   * lists only classes without cancelled_at). Every member who was booked or waiting is emailed once, after commit.
   */
  async cancelClass(classId: string, reason: string | undefined): Promise<CancelledClassView> {
    const { db, clock, mailer, schedule } = this.deps;
    const now = clock.now();
    const affected = await db.transaction().execute(async (trx) => {
      const cls = await trx
        .selectFrom("live_classes")
        .select(["id", "start_at", "cancelled_at"])
        .where("id", "=", classId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      assertEditable(cls, now);
      const booked = await trx
        .updateTable("reservations")
        .set({ status: "standard cancel", cancelled_at: now, late_cancel: false })
        .where("class_id", "=", classId)
        .where("status", "<>", "standard cancel")
        .returning("user_id")
        .execute();
      const waiting = await trx
        .updateTable("waitlist_entries")
        .set({ status: "expired", ended_at: now })
        .where("class_id", "=", classId)
        .where("status", "=", "waiting")
        .returning("user_id")
        .execute();
      await trx
        .updateTable("live_classes")
        .set({ cancelled_at: now, cancel_reason: reason?.trim() || null, booked: 0, waitlisted: 0 })
        .where("id", "=", classId)
        .execute();
      const ids = [...new Set([...booked, ...waiting].map((r) => r.user_id))];
      if (!ids.length) return [];
      return trx.selectFrom("users").select(["email", "given_name"]).where("id", "in", ids).execute();
    });
    const view = await schedule.classView(db, classId);
    const location = await db
      .selectFrom("locations")
      .select(["name", "time_zone"])
      .where("id", "=", view.location_id)
      .executeTakeFirstOrThrow();
    const when = new Date(Date.parse(view.start_at)).toLocaleString("en-US", {
      ...WHEN_FORMAT,
      timeZone: location.time_zone,
    });
    for (const member of affected) {
      await mailer.send({
        to: member.email,
        subject: `Cancelled: ${view.class_type}, ${when}`,
        text: [
          `Hi ${member.given_name},`,
          "",
          `${location.name} has cancelled ${view.class_type} on ${when}.`,
          view.cancel_reason ? `Reason: ${view.cancel_reason}` : "",
          "Your spot (or your place on the waitlist) has been released; there is nothing you need to do.",
          "Book another class on the schedule whenever you like.",
        ]
          .filter((line, i, all) => line !== "" || all[i - 1] !== "")
          .join("\n"),
      });
    }
    return { ...view, notified: affected.length };
  }

  /**
   * Sets a class's capacity. Never below the members already booked: the conditional UPDATE holds that even against
   * a booking at the same moment (bookings take a spot with `booked < capacity` on the same row). Raising it opens
   * spots: the waitlist's promotion runs in the same transaction (spotsOpened); its emails are queued in the outbox,
   * and the mailer delivers them once it commits.
   */
  async setCapacity(classId: string, capacity: number): Promise<StaffClassView> {
    const { db, clock, schedule, spotsOpened } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const cls = await trx
        .selectFrom("live_classes")
        .select(["id", "start_at", "cancelled_at", "capacity", "booked"])
        .where("id", "=", classId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      assertEditable(cls, now);
      const changed = await trx
        .updateTable("live_classes")
        .set({ capacity })
        .where("id", "=", classId)
        .where("booked", "<=", capacity)
        .returning("capacity")
        .executeTakeFirst();
      if (!changed) {
        throw badRequest({
          message: `capacity cannot be below the ${cls.booked} member${cls.booked === 1 ? "" : "s"} already booked: cancel bookings first or choose at least ${cls.booked}.`,
          code: "capacity_below_booked",
          values: { count: cls.booked },
        });
      }
      // The single place raising capacity hands the opened spots to the waitlist.
      if (capacity > cls.capacity && spotsOpened) await spotsOpened(trx, classId);
    });
    return schedule.classView(db, classId);
  }

  /** Who is booked (with check-in, late-cancel and no-show state) and who is waiting, in waitlist order. */
  async roster(classId: string) {
    const { db, schedule } = this.deps;
    const cls = await schedule.classView(db, classId);
    const bookings = await db
      .selectFrom("reservations as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select([
        "r.id as reservation_id",
        "r.user_id",
        "r.status",
        "r.from_waitlist",
        "r.late_cancel",
        "r.created_at as booked_at",
        "r.checked_in_at",
        "r.cancelled_at",
        "r.no_show_at",
        "u.email",
        sql<string>`trim(u.given_name || ' ' || u.family_name)`.as("name"),
      ])
      .where("r.class_id", "=", classId)
      .orderBy("u.given_name")
      .orderBy("u.family_name")
      .orderBy("r.created_at")
      .execute();
    const waiting = await db
      .selectFrom("waitlist_entries as w")
      .innerJoin("users as u", "u.id", "w.user_id")
      .select([
        "w.id as entry_id",
        "w.user_id",
        "w.created_at as joined_at",
        "u.email",
        sql<string>`trim(u.given_name || ' ' || u.family_name)`.as("name"),
      ])
      .where("w.class_id", "=", classId)
      .where("w.status", "=", "waiting")
      // The queue's own order, the one promotions follow (spotsOpened) and members' positions count by.
      .orderBy("w.seq")
      .execute();
    const booked: RosterBooking[] = bookings.map(({ late_cancel, ...b }) => ({ ...b, state: stateOf(b, late_cancel) }));
    return {
      class: cls,
      booked,
      waitlist: waiting.map((w, i): RosterWaiting => ({ ...w, position: i + 1 })),
      counts: {
        booked: booked.filter((b) => b.state === "booked").length,
        checked_in: booked.filter((b) => b.state === "checked_in").length,
        no_show: booked.filter((b) => b.state === "no_show").length,
        late_cancel: booked.filter((b) => b.state === "late_cancel").length,
        waitlisted: waiting.length,
      },
    };
  }

  /**
   * Checks a booked member in at the desk (status 'check in', as the member's own check-in): from 15 minutes before
   * the start; after the class, staff may still correct the record (a no-show mark is cleared). Checking in again
   * answers the same check-in.
   */
  async checkIn(classId: string, reservationId: string): Promise<RosterBooking> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const found = await this.#lockReservation(trx, classId, reservationId);
      if (found.status === "check in") return;
      if (found.status === "standard cancel")
        throw badRequest({ message: "This reservation is cancelled.", code: "reservation_cancelled" });
      if (found.cancelled_at) throw badRequest({ message: "This class has been cancelled.", code: "class_cancelled" });
      if (now < found.start_at && !isEnterable(found, now))
        throw badRequest({ message: "Check-in opens 15 minutes before the class starts.", code: "check_in_not_open" });
      await trx
        .updateTable("reservations")
        .set({ status: "check in", checked_in_at: now, no_show_at: null })
        .where("id", "=", reservationId)
        .execute();
    });
    return this.#booking(classId, reservationId);
  }

  /** Marks a booked member who did not check in as a no-show, once the class has ended. Idempotent. */
  async markNoShow(classId: string, reservationId: string): Promise<RosterBooking> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const found = await this.#lockReservation(trx, classId, reservationId);
      if (found.status === "check in")
        throw badRequest({ message: "This member checked in, so they cannot be a no-show.", code: "checked_in" });
      if (found.status === "standard cancel")
        throw badRequest({ message: "This reservation is cancelled.", code: "reservation_cancelled" });
      if (found.cancelled_at) throw badRequest({ message: "This class has been cancelled.", code: "class_cancelled" });
      if (found.end_at > now)
        throw badRequest({ message: "No-shows can be marked once the class has ended.", code: "class_not_ended" });
      await trx
        .updateTable("reservations")
        .set({ no_show_at: now })
        .where("id", "=", reservationId)
        .where("no_show_at", "is", null)
        .where("status", "=", "pending")
        .execute();
    });
    return this.#booking(classId, reservationId);
  }

  async #lockReservation(trx: Db, classId: string, reservationId: string) {
    const found = await trx
      .selectFrom("reservations as r")
      .innerJoin("live_classes as c", "c.id", "r.class_id")
      .select(["r.status", "c.start_at", "c.end_at", "c.cancelled_at"])
      .where("r.id", "=", reservationId)
      .where("r.class_id", "=", classId)
      .forUpdate("r")
      .executeTakeFirst();
    if (!found) throw notFound({ message: "Reservation not found on this class", code: "reservation_not_found" });
    return found;
  }

  async #booking(classId: string, reservationId: string): Promise<RosterBooking> {
    const { booked } = await this.roster(classId);
    const found = booked.find((b) => b.reservation_id === reservationId);
    if (!found) throw notFound({ message: "Reservation not found on this class", code: "reservation_not_found" });
    return found;
  }
}

function stateOf(
  b: { status: ReservationStatus; no_show_at: Date | null },
  lateCancel: boolean,
): RosterBooking["state"] {
  if (b.status === "check in") return "checked_in";
  if (b.status === "standard cancel") return lateCancel ? "late_cancel" : "cancelled";
  return b.no_show_at ? "no_show" : "booked";
}
