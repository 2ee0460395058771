import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ReservationStatus } from "../db/tables/studios.js";
import { badRequest, notFound, unprocessable } from "../errors.js";
import type { CalendarEvent } from "../../../src/domain/ics.js";
import { isLateCancel } from "../../../src/domain/classes.js";
import type { EntitlementResolver } from "./entitlements.js";
import { classRows, isEnterable, reservationSchema, toLiveClass, type ClassRow } from "./live-classes.js";
import type { Answer } from "../schemas.js";
import { bookableClass, bookedFromWaitlist, isUniqueViolation, refusal, spotsOpened } from "./booking-rules.js";

/** A reservation as the reservation routes answer it. */
export type ReservationView = Answer<typeof reservationSchema>;

interface Flags {
  late_cancel: boolean;
  from_waitlist: boolean;
}

const RESERVATION_NOT_FOUND = "We couldn’t find your reservation.";
const CLASS_FULL = "Class full";

const ACTIVE_RESERVATION_INDEX = "reservations_one_active";

/** Reservation rules of spec sections 4, 5 and 8: book, cancel, check in, list, add to calendar. */
export class ReservationsService {
  constructor(private readonly deps: { db: Db; clock: Clock; publicUrl: string; entitlements: EntitlementResolver }) {}

  /**
   * Books a spot. The spot is taken by a conditional UPDATE of the class's counter (booked < capacity) in the same
   * transaction as the insert: concurrent bookings of the last spot queue on the class row and all but one see the
   * class full. The partial unique index keeps one active reservation per member per class even when one member races
   * themself. The member's row is locked first, so their own bookings and waitlist joins run one at a time (the
   * location's open-bookings limit holds, and a member is never booked and waiting for one class). Booking a class the
   * member waits for (told a spot is open, after the auto-book cutoff) ends their waitlist entry.
   */
  async book(userId: string, classId: string): Promise<ReservationView> {
    const { db, clock } = this.deps;
    const now = clock.now();
    try {
      return await db.transaction().execute(async (trx) => {
        const { entitlements } = this.deps;
        await bookableClass(trx, userId, classId, now, { joiningWaitlist: false, entitlements });

        const taken = await trx
          .updateTable("live_classes")
          .set({ booked: sql`booked + 1` })
          .where("id", "=", classId)
          .where(sql<boolean>`booked < capacity`)
          .where("cancelled_at", "is", null)
          .where("start_at", ">", now)
          .returning("id")
          .executeTakeFirst();
        if (!taken) throw badRequest({ message: CLASS_FULL, code: "class_full" });

        const fromWaitlist = await bookedFromWaitlist(trx, userId, classId, now);
        const reservation = await trx
          .insertInto("reservations")
          .values({
            user_id: userId,
            class_id: classId,
            status: "pending",
            created_at: now,
            from_waitlist: fromWaitlist,
          })
          .returning(["id", "status", "late_cancel", "from_waitlist"])
          .executeTakeFirstOrThrow();
        const row = await classRows(trx).where("c.id", "=", classId).executeTakeFirstOrThrow();
        return this.#view(reservation.id, reservation.status, row, now, reservation);
      });
    } catch (error) {
      if (isUniqueViolation(error, ACTIVE_RESERVATION_INDEX)) throw badRequest(refusal("refusal.alreadyBooked"));
      throw error;
    }
  }

  /**
   * Cancels a pending reservation before its class starts (422 once it has), freeing the spot: after the location's
   * free-cancellation cutoff it is marked late. The freed spot goes to the waitlist in the same transaction
   * (`spotsOpened`); the mailer sends its emails once it commits.
   */
  async cancel(userId: string, reservationId: string): Promise<ReservationView> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const found = await this.#lockOwn(trx, userId, reservationId, true);
      if (found.status === "standard cancel") throw badRequest("This reservation is already cancelled.");
      if (found.row.start_at <= now)
        throw unprocessable("The class has already started, so this reservation can no longer be cancelled.");
      if (found.status === "check in") throw badRequest("You have already checked in to this class.");
      const late = isLateCancel(found.row.start_at, found.row, now.getTime());
      await trx
        .updateTable("reservations")
        .set({ status: "standard cancel", cancelled_at: now, late_cancel: late })
        .where("id", "=", reservationId)
        .execute();
      await trx
        .updateTable("live_classes")
        .set({ booked: sql`booked - 1` })
        .where("id", "=", found.row.id)
        .execute();
      await spotsOpened(trx, found.row.id, {
        now,
        publicUrl: this.deps.publicUrl,
        entitlements: this.deps.entitlements,
      });
      const row = await classRows(trx).where("c.id", "=", found.row.id).executeTakeFirstOrThrow();
      return this.#view(reservationId, "standard cancel", row, now, { ...found.flags, late_cancel: late });
    });
  }

  /** Checks in from 15 minutes before start until the class ends. Checking in again answers the same check-in. */
  async checkIn(userId: string, reservationId: string): Promise<ReservationView> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const found = await this.#lockOwn(trx, userId, reservationId, false);
      if (found.status === "check in") return this.#view(reservationId, "check in", found.row, now, found.flags);
      if (found.status === "standard cancel") throw badRequest("This reservation is cancelled.");
      if (found.row.cancelled_at) throw badRequest("This class has been cancelled.");
      if (!isEnterable(found.row, now)) {
        throw badRequest(
          now < found.row.start_at
            ? "Check-in opens 15 minutes before the class starts."
            : "This class has already ended.",
        );
      }
      await trx
        .updateTable("reservations")
        .set({ status: "check in", checked_in_at: now })
        .where("id", "=", reservationId)
        .execute();
      return this.#view(reservationId, "check in", found.row, now, found.flags);
    });
  }

  /**
   * The member's reservations. Upcoming (default): not cancelled, class not ended and not cancelled by the studio,
   * soonest first. History: every reservation, latest class first.
   */
  async list(
    userId: string,
    options: { locationId?: string; history: boolean; limit: number; skip: number },
  ): Promise<{ items: ReservationView[]; total: number }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const mine = classRows(db)
      .innerJoin("reservations as r", "r.class_id", "c.id")
      .where("r.user_id", "=", userId)
      .$if(options.locationId !== undefined, (qb) => qb.where("c.location_id", "=", options.locationId!))
      .$if(!options.history, (qb) =>
        qb.where("r.status", "<>", "standard cancel").where("c.end_at", ">", now).where("c.cancelled_at", "is", null),
      );
    const [rows, count] = await Promise.all([
      mine
        .select(["r.id as reservation_id", "r.status", "r.late_cancel", "r.from_waitlist"])
        .orderBy("c.start_at", options.history ? "desc" : "asc")
        .orderBy("r.created_at", "desc")
        .limit(options.limit)
        .offset(options.skip)
        .execute(),
      mine
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => this.#view(row.reservation_id, row.status, row, now, row)),
      total: Number(count.n),
    };
  }

  /** The iCalendar event of one of the member's reservations. */
  async calendarEvent(userId: string, reservationId: string): Promise<CalendarEvent> {
    const { db, clock } = this.deps;
    const found = await classRows(db)
      .innerJoin("reservations as r", "r.class_id", "c.id")
      .select(["r.status"])
      .where("r.id", "=", reservationId)
      .where("r.user_id", "=", userId)
      .executeTakeFirst();
    if (!found) throw notFound(RESERVATION_NOT_FOUND);
    return this.#event(found, clock.now());
  }

  /** Every one of the member's reservations as iCalendar events, by class start (the data export's bookings). */
  async calendarEvents(userId: string): Promise<CalendarEvent[]> {
    const { db, clock } = this.deps;
    const rows = await classRows(db)
      .innerJoin("reservations as r", "r.class_id", "c.id")
      .select(["r.status"])
      .where("r.user_id", "=", userId)
      .orderBy("c.start_at")
      .orderBy("r.created_at")
      .execute();
    // A class booked again after a cancel has two reservations and one UID: the later reservation is the event.
    const byClass = new Map(rows.map((row) => [row.id, row]));
    return [...byClass.values()].map((row) => this.#event(row, clock.now()));
  }

  #event(found: ClassRow & { status: ReservationStatus }, stamp: Date): CalendarEvent {
    const { publicUrl } = this.deps;
    return {
      classId: found.id,
      stamp,
      start: found.start_at,
      end: found.end_at,
      ...classEventText(found, publicUrl),
      cancelled: found.status === "standard cancel" || !!found.cancelled_at,
    };
  }

  /**
   * The member's own reservation with its class, row-locked for the rest of the transaction; 404 otherwise.
   * `lockClass` also locks the class row, first: bookings lock the class before touching reservations, and taking
   * locks in that same order keeps a cancel and a booking of one class from deadlocking.
   */
  async #lockOwn(
    trx: Db,
    userId: string,
    reservationId: string,
    lockClass: boolean,
  ): Promise<{ status: ReservationStatus; row: ClassRow; flags: Flags }> {
    const ref = await trx
      .selectFrom("reservations")
      .select("class_id")
      .where("id", "=", reservationId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!ref) throw notFound(RESERVATION_NOT_FOUND);
    if (lockClass)
      await trx.selectFrom("live_classes").select("id").where("id", "=", ref.class_id).forNoKeyUpdate().execute();
    const reservation = await trx
      .selectFrom("reservations")
      .select(["status", "late_cancel", "from_waitlist"])
      .where("id", "=", reservationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const row = await classRows(trx).where("c.id", "=", ref.class_id).executeTakeFirstOrThrow();
    return { status: reservation.status, row, flags: reservation };
  }

  #view(id: string, status: ReservationStatus, row: ClassRow, now: Date, flags: Flags): ReservationView {
    const holds = status !== "standard cancel";
    return {
      id,
      status,
      class_data: toLiveClass(row, now, { isPublic: false, holdsReservation: holds }),
      late_cancel: flags.late_cancel,
      from_waitlist: flags.from_waitlist,
    };
  }
}

/** What a booked class's calendar event says, whoever writes it: the one-class download and the member's feed. */
export function classEventText(row: ClassRow, publicUrl: string) {
  const trainer = row.trainer_name ? ` with ${row.trainer_name}` : "";
  return {
    summary: `${row.class_type}${trainer}`,
    description: [
      row.description,
      `${row.duration} min · ${row.location_name}`,
      row.equipment.length ? `Equipment: ${row.equipment.join(", ")}` : "",
      "The video-call link appears in your booked classes 15 minutes before class.",
    ]
      .filter(Boolean)
      .join("\n"),
    location: row.location_name,
    url: `${publicUrl}/live/booked-classes`,
  };
}
