import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { WaitlistStatus } from "../db/tables/studios.js";
import { badRequest, notFound } from "../errors.js";
import { bookableClass, isUniqueViolation, refusal } from "./booking-rules.js";
import { classRows, toLiveClass, waitingColumns, waitingOf, waitlistEntrySchema } from "./live-classes.js";
import type { Answer } from "../schemas.js";
import type { EntitlementResolver } from "./entitlements.js";

/** A member's place on a class's waitlist, as the waitlist routes answer it. */
export type WaitlistEntryView = Answer<typeof waitlistEntrySchema>;

const ONE_OPEN_ENTRY_INDEX = "waitlist_entries_one_open";

interface Deps {
  db: Db;
  clock: Clock;
  entitlements: EntitlementResolver;
}

/** The member side of a class's waitlist (issue 18): join, leave, list. Promotion is booking-rules' `spotsOpened`. */
export class WaitlistService {
  constructor(private readonly deps: Deps) {}

  /**
   * Joins a full class's waitlist. The member's own row is locked first (as a booking does), so one member's joins
   * and bookings run one at a time: they cannot end up booked and waiting for one class, waiting for two classes that
   * overlap, or past their open-bookings limit. The place is taken by a conditional UPDATE of `waitlisted` (below the
   * class's waitlist capacity, the class still full), so concurrent joins never overfill the list.
   */
  async join(userId: string, classId: string): Promise<WaitlistEntryView> {
    const { db, clock } = this.deps;
    const now = clock.now();
    try {
      return await db.transaction().execute(async (trx) => {
        const cls = await bookableClass(trx, userId, classId, now, {
          joiningWaitlist: true,
          entitlements: this.deps.entitlements,
        });

        const waiting = await trx
          .selectFrom("waitlist_entries")
          .select("id")
          .where("user_id", "=", userId)
          .where("class_id", "=", classId)
          .where("status", "=", "waiting")
          .executeTakeFirst();
        if (waiting) throw badRequest(refusal("refusal.alreadyWaiting"));

        const overlapping = await trx
          .selectFrom("waitlist_entries as w")
          .innerJoin("live_classes as o", "o.id", "w.class_id")
          .select(["o.class_type", "o.start_at"])
          .where("w.user_id", "=", userId)
          .where("w.status", "=", "waiting")
          .where("o.start_at", ">", now)
          .where("o.start_at", "<", cls.end_at)
          .where("o.end_at", ">", cls.start_at)
          .executeTakeFirst();
        if (overlapping) throw badRequest(refusal("refusal.waitingAtSameTime", { classType: overlapping.class_type }));

        const placed = await trx
          .updateTable("live_classes")
          .set({ waitlisted: sql`waitlisted + 1` })
          .where("id", "=", classId)
          .where(sql<boolean>`waitlisted < waitlist_capacity`)
          .where(sql<boolean>`booked >= capacity`)
          .where("cancelled_at", "is", null)
          .where("start_at", ">", now)
          .returning("id")
          .executeTakeFirst();
        if (!placed) {
          const fresh = await trx
            .selectFrom("live_classes")
            .select(["booked", "capacity"])
            .where("id", "=", classId)
            .executeTakeFirstOrThrow();
          throw badRequest(refusal(fresh.booked < fresh.capacity ? "refusal.spotsLeft" : "refusal.waitlistFull"));
        }
        const entry = await trx
          .insertInto("waitlist_entries")
          .values({ user_id: userId, class_id: classId, status: "waiting", created_at: now })
          .returning(["id", "status"])
          .executeTakeFirstOrThrow();
        return entryView(trx, userId, entry.id, entry.status, classId, now);
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_OPEN_ENTRY_INDEX)) throw badRequest(refusal("refusal.alreadyWaiting"));
      throw error;
    }
  }

  /** Leaves a waitlist (the member's own entry; 404 otherwise), giving the place up: everyone behind moves up. */
  async leave(userId: string, entryId: string): Promise<WaitlistEntryView> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const ref = await trx
        .selectFrom("waitlist_entries")
        .select("class_id")
        .where("id", "=", entryId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!ref) throw notFound(refusal("refusal.entryNotFound"));
      // The class row first, then the entry: the order of joins and promotions, so none of them deadlock.
      await trx.selectFrom("live_classes").select("id").where("id", "=", ref.class_id).forNoKeyUpdate().execute();
      const entry = await trx
        .selectFrom("waitlist_entries as w")
        .innerJoin("live_classes as c", "c.id", "w.class_id")
        .select(["w.status", "c.start_at"])
        .where("w.id", "=", entryId)
        .forUpdate("w")
        .executeTakeFirstOrThrow();
      if (entry.status === "promoted") throw badRequest(refusal("refusal.bookedFromWaitlist"));
      if (entry.status !== "waiting" || entry.start_at <= now) throw badRequest(refusal("refusal.noLongerWaiting"));
      await trx
        .updateTable("waitlist_entries")
        .set({ status: "left", ended_at: now })
        .where("id", "=", entryId)
        .execute();
      await trx
        .updateTable("live_classes")
        .set({ waitlisted: sql`greatest(waitlisted - 1, 0)` })
        .where("id", "=", ref.class_id)
        .execute();
      return entryView(trx, userId, entryId, "left", ref.class_id, now);
    });
  }

  /** The member's open entries of classes still to start (entries expire when their class starts), soonest first. */
  async list(userId: string, options: { locationId?: string }): Promise<{ items: WaitlistEntryView[]; total: number }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const rows = await classRows(db)
      .innerJoin("waitlist_entries as e", "e.class_id", "c.id")
      .select(["e.id as entry_id", "e.status as entry_status", ...waitingColumns(userId, now)])
      .where("e.user_id", "=", userId)
      .where("e.status", "=", "waiting")
      .where("c.start_at", ">", now)
      .where("c.cancelled_at", "is", null)
      .$if(options.locationId !== undefined, (qb) => qb.where("c.location_id", "=", options.locationId!))
      .orderBy("c.start_at")
      .execute();
    const items = rows.map((row) => {
      const waiting = waitingOf(row);
      return {
        id: row.entry_id,
        status: row.entry_status,
        position: waiting?.position ?? null,
        class_data: toLiveClass(row, now, { isPublic: false, holdsReservation: false, waiting }),
      };
    });
    return { items, total: items.length };
  }
}

async function entryView(
  trx: Db,
  userId: string,
  entryId: string,
  status: WaitlistStatus,
  classId: string,
  now: Date,
): Promise<WaitlistEntryView> {
  const row = await classRows(trx)
    .select(waitingColumns(userId, now))
    .where("c.id", "=", classId)
    .executeTakeFirstOrThrow();
  const waiting = status === "waiting" ? waitingOf(row) : null;
  return {
    id: entryId,
    status,
    position: waiting?.position ?? null,
    class_data: toLiveClass(row, now, { isPublic: false, holdsReservation: false, waiting }),
  };
}
