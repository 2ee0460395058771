import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { signOutEverywhere } from "../auth/sign-out-everywhere.js";
import type { TokenVersions } from "../auth/token-versions.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { isSubscriptionActive } from "../../../src/domain/membership.js";
import type { PauseMonths } from "../../../src/domain/membership-pause.js";
import { AccountDeletionService } from "./account-deletion.js";
import { recordAudit } from "./audit.js";
import type { AuthService } from "./auth.js";
import { money } from "./customer-notifications.js";
import { queueMail } from "./mail.js";
import type { MembershipDeps } from "./membership-deps.js";
import type { Actor } from "./operator-access.js";
import {
  isBilled,
  listSubscriptions,
  lockSubscription,
  transition,
  type AlsoInTransaction,
  type Subscription,
} from "./subscription-store.js";
import { SubscriptionService } from "./subscriptions.js";

const DAY_MS = 86_400_000;
/** What a comp for a member without a membership is called in their panel (a `vip` subscription: no renewal). */
const COMP_NAME = "Complimentary membership";
/** The member-visible explanation of a cancellation made by support (the operator's reason stays in the audit log). */
const SUPPORT_CANCEL = "Cancelled by member support";
const MANAGED_ELSEWHERE: Record<string, string> = {
  apple: "This membership is managed in the App Store: the member changes it there.",
  google: "This membership is managed in Google Play: the member changes it there.",
  marianatek: "This membership is managed by the studio: the studio changes it.",
};
/** A membership billed here that still runs (or waits on a payment or a pause). */
const LIVE = ["trial", "active", "canceled", "past_due", "paused", "vip", "prepaid"] as const;

export interface SupportDeps extends MembershipDeps {
  auth: AuthService;
  tokenVersions: TokenVersions;
}

/** The member's membership billed here that still runs (or waits on a payment or a pause), if any. */
const runningBilled = (subs: Subscription[], now: Date) =>
  subs.find(
    (s) =>
      isBilled(s) &&
      (LIVE as readonly string[]).includes(s.state) &&
      (!["canceled", "vip", "prepaid"].includes(s.state) || (s.expiration_date ?? now) > now),
  );

const day = (d: Date | null) => d?.toISOString() ?? null;
const shift = (d: Date | null, days: number) => (d ? new Date(d.getTime() + days * DAY_MS) : null);
const snapshot = (s: Subscription) => ({
  subscription_id: s.id,
  state: s.state,
  expiration_date: day(s.expiration_date),
  ...(s.pause_starts_at ? { pause_starts_at: day(s.pause_starts_at), pause_resumes_at: day(s.pause_resumes_at) } : {}),
});

/**
 * Member support's actions on a member's account. Each goes through the services the member's own requests use (so
 * every rule of theirs holds: pause lengths, cancellation, the reset link, the erasure's grace period) and writes
 * its audit row, with the operator's reason, in the same transaction as its change.
 */
export class MemberSupportService {
  readonly #subscriptions: SubscriptionService;
  readonly #deletions: AccountDeletionService;

  constructor(private readonly deps: SupportDeps) {
    this.#subscriptions = new SubscriptionService(deps);
    this.#deletions = new AccountDeletionService(deps);
  }

  /** The member's account, refused when it is unknown (404) or closed (400: nothing on it can change any more). */
  async #member(userId: string) {
    const user = await this.deps.db
      .selectFrom("users")
      .select(["id", "email", "deactivated_at"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw notFound("No member has this id.");
    if (user.deactivated_at) throw badRequest("This account is closed: nothing on it can change.");
    return user;
  }

  /** The membership billed here that an action changes: the running one, else 400 in words for support. */
  async #billedMembership(userId: string, db: Db = this.deps.db): Promise<Subscription> {
    const subs = await listSubscriptions(db, userId);
    const live = runningBilled(subs, this.deps.clock.now());
    if (live) return live;
    const store = subs.find((s) => !isBilled(s) && ["trial", "active"].includes(s.state));
    if (store) throw badRequest(MANAGED_ELSEWHERE[store.provider] ?? "This membership is managed elsewhere.");
    throw badRequest("This member has no running membership.");
  }

  #audit(actor: Actor, userId: string, action: string, reason: string) {
    const at = this.deps.clock.now();
    return (trx: Db, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
      recordAudit(trx, actor, at, {
        action: `member.${action}`,
        record: { type: "member", id: userId },
        before,
        after: { ...after, reason },
      });
  }

  /**
   * Gives `days` free days. A running membership's access (and its next charge, and a scheduled pause) moves `days`
   * later; a member with none gets a complimentary membership: a `vip` subscription that ends after `days` and never
   * charges (their panel shows "VIP access" until that date). A membership waiting on a payment or paused is refused.
   */
  async comp(actor: Actor, userId: string, days: number, reason: string) {
    await this.#member(userId);
    const { db, clock, billing } = this.deps;
    const now = clock.now();
    const audit = this.#audit(actor, userId, "comp", reason);
    const operator = `operator:${actor.email}` as const;
    await db.transaction().execute(async (trx) => {
      // One comp at a time per member: two at once must not both create a complimentary membership.
      await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow();
      const subs = await listSubscriptions(trx, userId);
      const running = runningBilled(subs, now);
      const store = subs.find((s) => !isBilled(s) && isSubscriptionActive(s, now.getTime()));
      // A store's membership is billed (and extended) by the store; a comp beside it would change nothing.
      if (!running && store)
        throw badRequest(MANAGED_ELSEWHERE[store.provider] ?? "This membership is managed elsewhere.");
      if (!running) {
        const end = new Date(now.getTime() + days * DAY_MS);
        const sub = await trx
          .insertInto("subscriptions")
          .values({
            user_id: userId,
            provider: "stripe",
            identifier: `comp_${randomUUID().replaceAll("-", "")}`,
            state: "vip",
            sku: null,
            name: COMP_NAME,
            base_price: 0,
            original_purchase_date: now,
            current_period_start: now,
            expiration_date: end,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("subscription_events")
          .values({
            subscription_id: sub.id,
            user_id: userId,
            actor: operator,
            action: "comped",
            from_state: null,
            to_state: "vip",
            details: JSON.stringify({ days, expiration_date: end.toISOString() }),
            created_at: now,
          })
          .execute();
        await audit(trx, null, snapshot(sub));
        return;
      }
      const locked = await lockSubscription(trx, running.id);
      if (locked.state === "past_due")
        throw badRequest("This membership is waiting for a payment: the member fixes the card first.");
      if (locked.state === "paused")
        throw badRequest("This membership is paused: it has no access to extend until it resumes.");
      const base = locked.expiration_date && locked.expiration_date > now ? locked.expiration_date : now;
      const end = shift(base, days)!;
      const moved = end.getTime() - (locked.expiration_date?.getTime() ?? end.getTime());
      const movedDays = moved / DAY_MS;
      const updated = await transition(
        trx,
        locked,
        [locked.state],
        {
          expiration_date: end,
          ...(locked.state === "trial" && locked.trial_end ? { trial_end: shift(locked.trial_end, movedDays) } : {}),
          ...(locked.pause_starts_at
            ? {
                pause_starts_at: shift(locked.pause_starts_at, movedDays),
                pause_resumes_at: shift(locked.pause_resumes_at, movedDays),
              }
            : {}),
        },
        {
          actor: operator,
          action: "comped",
          details: { days, from: day(locked.expiration_date), to: end.toISOString() },
        },
        now,
      );
      if (!updated) throw badRequest("The membership changed meanwhile: try again.");
      if (updated.pause_starts_at && updated.pause_resumes_at)
        await billing.pauseCollection(trx, {
          userId,
          subscriptionId: updated.id,
          startsAt: updated.pause_starts_at,
          resumesAt: updated.pause_resumes_at,
        });
      await audit(trx, snapshot(locked), { ...snapshot(updated), days });
    });
  }

  /**
   * Cancels the membership: at the period end exactly as the member's own cancel does (access until then), or now
   * (access ends at once, a scheduled pause and any retry of a failed payment with it; no money goes back here).
   */
  async cancel(actor: Actor, userId: string, when: "now" | "period_end", reason: string) {
    await this.#member(userId);
    const sub = await this.#billedMembership(userId);
    const audit = this.#audit(actor, userId, when === "now" ? "cancel_now" : "cancel", reason);
    const also: AlsoInTransaction = (trx, before, after) => audit(trx, snapshot(before), snapshot(after));
    const operator = `operator:${actor.email}` as const;
    if (when === "period_end") {
      if (sub.state === "vip") throw badRequest("A complimentary membership does not renew: cancel it now to end it.");
      await this.#subscriptions.cancel(userId, sub.id, "other", SUPPORT_CANCEL, operator, also);
      return;
    }
    const { db, clock, billing } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const locked = await lockSubscription(trx, sub.id);
      const updated = await transition(
        trx,
        locked,
        [...LIVE],
        {
          state: "expired",
          expiration_date: now,
          next_attempt_at: null,
          pause_months: null,
          pause_starts_at: null,
          pause_resumes_at: null,
          canceled_at: locked.canceled_at ?? now,
          cancel_reason: locked.cancel_reason ?? "other",
          cancel_explanation: locked.cancel_reason ? locked.cancel_explanation : SUPPORT_CANCEL,
        },
        { actor: operator, action: "canceled", details: { ended: "now" } },
        now,
      );
      if (!updated) throw badRequest("The membership has already ended.");
      if (locked.pause_starts_at) await billing.resumeCollection(trx, userId, locked.id);
      await also(trx, locked, updated);
    });
  }

  /** Schedules a pause of 1 to 3 months from the period end, by the member's own rule (once, running, billed here). */
  async pause(actor: Actor, userId: string, months: PauseMonths, reason: string) {
    await this.#member(userId);
    const sub = await this.#billedMembership(userId);
    const audit = this.#audit(actor, userId, "pause", reason);
    await this.#subscriptions.schedulePause(userId, sub.id, months, {
      actor: `operator:${actor.email}`,
      also: (trx, before, after) => audit(trx, snapshot(before), { ...snapshot(after), months }),
    });
  }

  /** Emails the receipt of the member's last paid invoice again (queued with its audit row, sent after the commit). */
  async resendReceipt(actor: Actor, userId: string, reason: string) {
    const user = await this.#member(userId);
    const { db, publicUrl } = this.deps;
    const invoice = await db
      .selectFrom("invoices as i")
      .innerJoin("subscriptions as s", "s.id", "i.subscription_id")
      .leftJoin("products as p", "p.sku", "i.sku")
      .select([
        "i.id",
        "i.amount",
        "i.base_amount",
        "i.discount_amount",
        "i.discount_code",
        "i.currency",
        "i.period_start",
        "i.period_end",
        "i.created_at",
        sql<string>`coalesce(p.name, s.name)`.as("plan"),
      ])
      .where("i.user_id", "=", userId)
      .where("i.status", "=", "paid")
      .orderBy("i.created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!invoice) throw badRequest("This member has no paid invoice to send a receipt for.");
    const given = await db.selectFrom("users").select("given_name").where("id", "=", userId).executeTakeFirstOrThrow();
    const date = (d: Date) => d.toISOString().slice(0, 10);
    const lines = [
      `Hi ${given.given_name},`,
      "",
      `Here is your receipt for ${invoice.plan}.`,
      "",
      `Receipt: ${invoice.id}`,
      `Paid on: ${date(invoice.created_at)}`,
      `Period: ${date(invoice.period_start)} to ${date(invoice.period_end)}`,
      ...(invoice.discount_amount > 0
        ? [
            `Price: ${money(invoice.base_amount, invoice.currency)}`,
            `Discount${invoice.discount_code ? ` (${invoice.discount_code})` : ""}: -${money(invoice.discount_amount, invoice.currency)}`,
          ]
        : []),
      `Total: ${money(invoice.amount, invoice.currency)}`,
      "",
      `Your membership: ${publicUrl}/account/membership`,
    ];
    const audit = this.#audit(actor, userId, "receipt", reason);
    await db.transaction().execute(async (trx) => {
      await queueMail(trx, { to: user.email, subject: "Your fitkit receipt", text: lines.join("\n") });
      await audit(trx, null, { invoice_id: invoice.id, to: user.email });
    });
  }

  /**
   * Sends the member the password reset email of "Forgot password" (the same link, lifetime and single use). The
   * reset flow writes and mails outside any transaction of ours, so its audit row follows once it is sent.
   */
  async sendPasswordReset(actor: Actor, userId: string, reason: string) {
    const user = await this.#member(userId);
    await this.deps.auth.forgotPassword(user.email);
    await this.deps.db
      .transaction()
      .execute((trx) => this.#audit(actor, userId, "reset_email", reason)(trx, null, { to: user.email }));
  }

  /** Signs the member out of every device (their next request asks them to sign in again). */
  async signOutEverywhere(actor: Actor, userId: string, reason: string) {
    await this.#member(userId);
    const { db, clock, tokenVersions } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const live = await trx
        .selectFrom("refresh_tokens")
        .select((eb) => eb.fn.count<number>("family_id").distinct().as("n"))
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("rotated_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirstOrThrow();
      await signOutEverywhere(trx, userId, now);
      await this.#audit(
        actor,
        userId,
        "sign_out",
        reason,
      )(
        trx,
        { signed_in_devices: Number(live.n) },
        {
          signed_in_devices: 0,
        },
      );
    });
    tokenVersions.forget(userId);
  }

  /**
   * Starts the account's erasure as the member's own "Delete my account" does, without their password: every device
   * signed out, the web membership stopped, the data erased after the grace period (signing in before then can still
   * cancel it, as for the member's own request). 409 when it is already scheduled.
   */
  async startErasure(actor: Actor, userId: string, reason: string) {
    await this.#member(userId);
    const audit = this.#audit(actor, userId, "erase", reason);
    await this.#deletions.schedule(userId, (trx, eraseAt) => audit(trx, null, { erase_at: eraseAt.toISOString() }));
  }
}
