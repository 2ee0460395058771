import type { Selectable, Updateable } from "kysely";
import type { Db } from "../db/index.js";
import type { SubscriptionState, SubscriptionsTable } from "../db/tables/membership.js";
import { notFound } from "../errors.js";
import { isSubscriptionActive } from "../../../src/domain/membership.js";

export type Subscription = Selectable<SubscriptionsTable>;

/** Providers whose billing we run (through the BillingProvider); the others are managed in their own stores. */
export const BILLED_PROVIDERS = ["stripe", "recharge"] as const;
export const isBilled = (sub: Pick<Subscription, "provider">) =>
  (BILLED_PROVIDERS as readonly string[]).includes(sub.provider);

/** Who made a change, for the audit trail (`operator:<email>`: someone in the console acting for the member). */
export type Actor = `member:${string}` | `system:${string}` | `job:${string}` | `operator:${string}`;

/**
 * What a console action adds to a member's change, inside its transaction: the audit row of who did it and why, so
 * the change and its record commit together.
 */
export type AlsoInTransaction = (trx: Db, before: Subscription, after: Subscription) => Promise<void>;

export async function listSubscriptions(db: Db, userId: string): Promise<Subscription[]> {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** The member's subscription by id; someone else's is answered exactly like a missing one. */
export async function ownSubscription(db: Db, userId: string, id: string): Promise<Subscription> {
  const sub = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!sub) throw notFound("Subscription not found");
  return sub;
}

/**
 * The subscription row, locked until the caller's transaction ends: a write that decides from the row's state (cancel,
 * pause, unpause…) reads it here, so two such requests at once are decided one after the other.
 */
export async function lockSubscription(trx: Db, id: string): Promise<Subscription> {
  return trx.selectFrom("subscriptions").selectAll().where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
}

/**
 * The one subscription clients show as "the" membership: an active one (ours before the stores'), else the most
 * recent one.
 */
export function currentSubscription(subs: Subscription[], now: Date): Subscription | undefined {
  const rank = (s: Subscription) => (isSubscriptionActive(s, now.getTime()) ? (isBilled(s) ? 0 : 1) : 2);
  return [...subs].sort((a, b) => rank(a) - rank(b) || b.created_at.getTime() - a.created_at.getTime())[0];
}

export interface Transition {
  actor: Actor;
  action: string;
  details?: Record<string, unknown>;
}

/**
 * Moves a subscription from one of `from` to the state in `patch` (or keeps its state) and writes the audit row, in
 * the caller's transaction. The conditional UPDATE makes concurrent transitions safe: only one sees the old state.
 */
export async function transition(
  trx: Db,
  sub: Subscription,
  from: SubscriptionState[],
  patch: Updateable<SubscriptionsTable>,
  change: Transition,
  now: Date,
): Promise<Subscription | undefined> {
  const updated = await trx
    .updateTable("subscriptions")
    .set({ ...patch, updated_at: now })
    .where("id", "=", sub.id)
    .where("state", "in", from)
    .returningAll()
    .executeTakeFirst();
  if (updated) await audit(trx, updated, sub.state, change, now);
  return updated;
}

export async function audit(
  trx: Db,
  sub: Subscription,
  fromState: string | null,
  change: Transition,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("subscription_events")
    .values({
      subscription_id: sub.id,
      user_id: sub.user_id,
      actor: change.actor,
      action: change.action,
      from_state: fromState,
      to_state: sub.state,
      details: JSON.stringify(change.details ?? {}),
      created_at: now,
    })
    .execute();
}
