import { sql } from "kysely";
import { ACCOUNT_DELETION_GRACE_DAYS } from "../../../src/domain/account-deletion.js";
import { signOutEverywhere } from "../auth/sign-out-everywhere.js";
import type { TokenVersions } from "../auth/token-versions.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { conflict, unauthorized } from "../errors.js";
import { verifyPassword, WrongPasswordError } from "../auth/passwords.js";
import { isBilled, listSubscriptions, transition } from "./subscription-store.js";
import type { EntitlementResolver } from "./entitlements.js";
import { spotsOpened } from "./booking-rules.js";
import { type Answer, exactObject } from "../schemas.js";

const DAY_MS = 86_400_000;
const ALREADY_SCHEDULED = "Your account is already scheduled for deletion.";

/** What the member is told about memberships bought in an app store: deleting here does not stop those charges. */
const STORE_MANAGED: Record<string, string> = {
  apple: "Your membership is managed in the App Store: cancel it there, or Apple keeps charging you.",
  google: "Your membership is managed in Google Play: cancel it there, or Google keeps charging you.",
};

/**
 * Every table with a member's `user_id`, and what erasure does with it: erased (rows deleted or emptied of personal
 * data) or kept for billing law (invoices, charges, the subscriptions they belong to and their audit trail, with the
 * now anonymous member). A test compares this with the database, so a new member table must be placed here.
 * (analytics_events, whose user_id is the client's text, goes by its member_id too; see eraseAccount.)
 */
export const ERASED_TABLES = [
  // In an order the foreign keys allow: progress and pauses before enrolments, the default card before the cards.
  "series_progress",
  "series_pauses",
  "series_enrollments",
  "calendar_pauses",
  "calendar_enrollments",
  // The calendar feed's secret: its URL answers 404 from then on.
  "calendar_feeds",
  "workout_sessions",
  "video_events",
  "onboarding_results",
  "reservations",
  // Waitlist places, staff roles and a company role (the console) go with the account.
  "waitlist_entries",
  "studio_staff",
  "operator_roles",
  "user_attributes",
  "refresh_tokens",
  "password_resets",
  "payment_setups",
  "billing_customers",
  "payment_methods",
  "billing_addresses",
  "stripe_customers",
  "studio_link_requests",
  // The sandbox provider's record of a paused collection (the subscription itself is kept for billing).
  "sandbox_collection_pauses",
] as const;
export const KEPT_FOR_BILLING = [
  "invoices",
  "payments",
  "refunds",
  "subscriptions",
  "subscription_events",
  "coupon_redemptions",
  "account_deletions",
] as const;

/** The email an erased account keeps: unique, not deliverable (.invalid), and free for the old address to sign up. */
export const tombstoneEmail = (userId: string) => `erased-${userId}@deleted.fitkit.invalid`;

/** A deletion request accepted: when the account is erased, and the app-store memberships to cancel there. */
export const deletionRequestedSchema = exactObject({
  success: { type: "boolean", const: true },
  erase_at: { type: "string", format: "date-time" },
  notices: { type: "array", items: { type: "string" } },
});
/** What the request answers besides `success` (the route adds it). */
type DeletionRequested = Omit<Answer<typeof deletionRequestedSchema>, "success">;

/**
 * Deleting an account (My data), distinct from deactivation: a request confirmed with the password signs every device
 * out, stops the renewal of the web membership and schedules the erasure after the grace period; signing in again
 * before then can cancel it; the erasure job then removes the member's personal data and keeps what billing law needs.
 */
export class AccountDeletionService {
  constructor(private readonly deps: { db: Db; clock: Clock; tokenVersions: TokenVersions }) {}

  async request(userId: string, password: string): Promise<DeletionRequested> {
    const { db } = this.deps;
    const user = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", userId)
      .where("deactivated_at", "is", null)
      .executeTakeFirst();
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.password_hash, password, userId)))
      throw new WrongPasswordError("password is incorrect");
    return this.schedule(userId);
  }

  /**
   * Schedules the erasure without the password: the member's own request after its check, or member support's on
   * the member's behalf (`also` writes the console's audit row in the same transaction). Same grace period, same
   * sign-out and stopped billing, cancelled the same way by signing in again.
   */
  async schedule(userId: string, also?: (trx: Db, eraseAt: Date) => Promise<void>): Promise<DeletionRequested> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const eraseAt = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    await db.transaction().execute(async (trx) => {
      // The primary key keeps one request per member: of two racing, one inserts and the other is told.
      const inserted = await trx
        .insertInto("account_deletions")
        .values({ user_id: userId, requested_at: now, erase_at: eraseAt })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .returning("user_id")
        .executeTakeFirst();
      if (!inserted) throw conflict(ALREADY_SCHEDULED);
      await signOutEverywhere(trx, userId, now);
      await stopBilling(trx, userId, now);
      await also?.(trx, eraseAt);
    });
    this.deps.tokenVersions.forget(userId);
    const subs = await listSubscriptions(db, userId);
    const notices = [
      ...new Set(
        subs
          .filter((s) => STORE_MANAGED[s.provider] && ["trial", "active", "past_due"].includes(s.state))
          .map((s) => STORE_MANAGED[s.provider]!),
      ),
    ];
    return { erase_at: eraseAt, notices };
  }
}

/**
 * Stops every charge we would make: a renewing web membership is cancelled (it runs to the end of the period already
 * paid and is not renewed), one that is paused or failing to renew ends now. Store memberships are not ours to stop.
 */
async function stopBilling(trx: Db, userId: string, now: Date) {
  const change = {
    actor: "system:account-deletion" as const,
    action: "canceled",
    details: { reason: "account deletion" },
  };
  for (const sub of await listSubscriptions(trx, userId)) {
    if (!isBilled(sub)) continue;
    const fields = { cancel_reason: "other", cancel_explanation: "Account deleted", canceled_at: now };
    const cancelled = await transition(trx, sub, ["trial", "active"], { ...fields, state: "canceled" }, change, now);
    if (!cancelled)
      await transition(
        trx,
        sub,
        ["past_due", "paused"],
        { ...fields, state: "expired", expiration_date: now, next_attempt_at: null },
        change,
        now,
      );
  }
}

export interface ErasureReport {
  erased: number;
}

/**
 * Erases every account whose grace period has ended: each in its own transaction, holding its deletion row (locked,
 * skipped by a concurrent run; a concurrent cancel waits and then finds it erased). Personal data goes; the invoices,
 * charges and subscriptions billing law requires stay, owned by a tombstone that says nothing about the member.
 */
export async function eraseDueAccounts(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  entitlements: EntitlementResolver;
}): Promise<ErasureReport> {
  const { db, clock } = deps;
  const opened = { publicUrl: deps.publicUrl, entitlements: deps.entitlements };
  const now = clock.now();
  const due = await db
    .selectFrom("account_deletions")
    .select("user_id")
    .where("erased_at", "is", null)
    .where("erase_at", "<=", now)
    .orderBy("erase_at")
    .execute();
  let erased = 0;
  for (const { user_id: userId } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .selectFrom("account_deletions")
        .select("user_id")
        .where("user_id", "=", userId)
        .where("erased_at", "is", null)
        .where("erase_at", "<=", now)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!claimed) return false;
      await eraseAccount(trx, userId, now, opened);
      await trx.updateTable("account_deletions").set({ erased_at: now }).where("user_id", "=", userId).execute();
      return true;
    });
    if (done) erased++;
  }
  return { erased };
}

/** What a spot given back needs to serve the class's waitlist (`spotsOpened`). */
type SpotsContext = { publicUrl: string; entitlements: EntitlementResolver };

async function eraseAccount(trx: Db, userId: string, now: Date, opened: SpotsContext) {
  const user = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  await stopBilling(trx, userId, now);
  await giveBackClassPlaces(trx, userId, now, opened);
  // Charges stay (billing law) without the card they were made with.
  await trx.updateTable("payments").set({ payment_method_id: null }).where("user_id", "=", userId).execute();
  for (const table of ERASED_TABLES) await sql`delete from ${sql.table(table)} where user_id = ${userId}`.execute(trx);
  // Kept for billing, emptied of what the member wrote: free-text cancel reasons, a studio membership's email.
  await trx.updateTable("subscriptions").set({ cancel_explanation: null }).where("user_id", "=", userId).execute();
  await trx
    .updateTable("subscriptions")
    .set({ identifier: sql`'erased:' || id` })
    .where("user_id", "=", userId)
    .where("provider", "=", "marianatek")
    .execute();
  await trx
    .updateTable("subscription_events")
    .set({ details: sql`details - 'explanation'` })
    .where("user_id", "=", userId)
    .execute();
  await trx
    .deleteFrom("analytics_events")
    .where((eb) => eb.or([eb("member_id", "=", userId), eb("user_id", "=", userId)]))
    .execute();
  await trx.deleteFrom("mail_outbox").where("to_address", "=", user.email).execute();
  await trx
    .updateTable("users")
    .set({
      email: tombstoneEmail(userId),
      // Not an argon2 hash: no password verifies against it.
      password_hash: "!erased",
      given_name: "Deleted",
      family_name: "member",
      birthday: null,
      phone: null,
      opt_in: false,
      waiver_accepted_at: null,
      deactivated_at: sql`coalesce(deactivated_at, ${now})`,
      token_version: sql`token_version + 1`,
      updated_at: now,
    })
    .where("id", "=", userId)
    .execute();
}

/**
 * Places the member still held in classes to come are given back before their rows go: each waitlist place lowers
 * its class's `waitlisted`, each active reservation its `booked`, and a spot freed that way goes to the class's
 * waitlist (`spotsOpened`: booked automatically before the auto-book cutoff, told after it). Classes are locked in id
 * order, the order every erasure takes them.
 */
async function giveBackClassPlaces(trx: Db, userId: string, now: Date, opened: SpotsContext) {
  const waiting = await trx
    .updateTable("waitlist_entries")
    .set({ status: "left", ended_at: now })
    .where("user_id", "=", userId)
    .where("status", "=", "waiting")
    .returning("class_id")
    .execute();
  const held = await trx
    .selectFrom("reservations as r")
    .innerJoin("live_classes as c", "c.id", "r.class_id")
    .select("r.class_id")
    .where("r.user_id", "=", userId)
    .where("r.status", "<>", "standard cancel")
    .where("c.start_at", ">", now)
    .execute();
  const classIds = [...new Set([...waiting, ...held].map((r) => r.class_id))].sort();
  for (const classId of classIds) {
    await trx.selectFrom("live_classes").select("id").where("id", "=", classId).forNoKeyUpdate().execute();
    const gone = waiting.filter((w) => w.class_id === classId).length;
    const freed = held.filter((h) => h.class_id === classId).length;
    await trx
      .updateTable("live_classes")
      .set({
        booked: sql`greatest(booked - ${freed}::int, 0)`,
        waitlisted: sql`greatest(waitlisted - ${gone}::int, 0)`,
      })
      .where("id", "=", classId)
      .execute();
    if (freed > 0) {
      // The erased member's reservation no longer holds the spot (the row itself goes with the other member rows).
      await trx
        .updateTable("reservations")
        .set({ status: "standard cancel", cancelled_at: now })
        .where("user_id", "=", userId)
        .where("class_id", "=", classId)
        .where("status", "<>", "standard cancel")
        .execute();
      await spotsOpened(trx, classId, { now, ...opened });
    }
  }
}
