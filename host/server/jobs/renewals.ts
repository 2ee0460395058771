import type { Updateable } from "kysely";
import type { BillingProvider } from "../billing/provider.js";
import type { SubscriptionsTable } from "../db/tables/membership.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { addInterval, nameWithoutTrial } from "../services/membership-rules.js";
import { findProduct } from "../services/products.js";
import { chargePeriod } from "../services/subscription-billing.js";
import { BILLED_PROVIDERS, transition, type Subscription } from "../services/subscription-store.js";
import { dunningEmail, isHardDecline, lapseAt, NO_MORE_CHARGES, retryAt } from "../services/dunning.js";
import { queueMail } from "../services/mail.js";

const ACTOR = "job:renewals" as const;
/** Periods one run may bill for one subscription (a server that was down for months catches up, bounded). */
const MAX_PERIODS = 60;

export interface RenewalDeps {
  db: Db;
  clock: Clock;
  billing: BillingProvider;
  /** Where the dunning emails link to (the app's membership and confirm pages). */
  publicUrl: string;
}

export interface RenewalReport {
  renewed: number;
  failed: number;
  expired: number;
  /** Memberships whose scheduled pause started (nothing charged). */
  paused: number;
}

function isDue(sub: Subscription, now: Date): boolean {
  if (sub.state === "past_due") return !!sub.next_attempt_at && sub.next_attempt_at <= now;
  // A self-serve pause resumes on its date; one from the Recharge portal (no date) waits for an unpause.
  if (sub.state === "paused") return !!sub.pause_resumes_at && sub.pause_resumes_at <= now;
  return (
    ["trial", "active", "canceled", "prepaid"].includes(sub.state) &&
    !!sub.expiration_date &&
    sub.expiration_date <= now
  );
}

/**
 * Settles every subscription whose period has ended: trials convert, active ones renew (switching to a scheduled
 * plan and using pending promo codes) by charging the default card, or pause without a charge when the member
 * scheduled a pause, paused ones resume on their date by charging the next period, cancelled and prepaid ones
 * expire, failed renewals are retried, and linked studio memberships follow the studio directory. Each subscription
 * is settled in its own transaction under a row lock that other runs skip, so several processes may run the job at
 * once.
 */
export async function runRenewals(deps: RenewalDeps): Promise<RenewalReport> {
  const { db, clock } = deps;
  const now = clock.now();
  const report: RenewalReport = { renewed: 0, failed: 0, expired: 0, paused: 0 };
  const due = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("provider", "in", [...BILLED_PROVIDERS])
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "in", ["trial", "active", "canceled", "prepaid"]), eb("expiration_date", "<=", now)]),
        eb.and([eb("state", "=", "past_due"), eb("next_attempt_at", "<=", now)]),
        eb.and([eb("state", "=", "paused"), eb("pause_resumes_at", "<=", now)]),
      ]),
    )
    .orderBy("expiration_date")
    .execute();
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      let sub = await trx
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", id)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      for (let i = 0; sub && isDue(sub, now) && i < MAX_PERIODS; i++) sub = await settle(trx, deps, sub, now, report);
    });
  }
  await syncStudioMemberships(db, now, report);
  return report;
}

/**
 * Linked studio memberships follow the studio directory: a renewed one moves its expiration date, one that ended
 * (or left the directory) expires here too.
 */
async function syncStudioMemberships(db: Db, now: Date, report: RenewalReport): Promise<void> {
  const stale = await db
    .selectFrom("subscriptions as s")
    .leftJoin("studio_memberships as m", "m.email", "s.identifier")
    .select(["s.id", "m.valid_until"])
    .where("s.provider", "=", "marianatek")
    .where("s.state", "=", "active")
    .where((eb) =>
      eb.or([
        eb("m.valid_until", "is", null),
        eb("m.valid_until", "<=", now),
        eb("m.valid_until", "<>", eb.ref("s.expiration_date")),
      ]),
    )
    .execute();
  for (const { id, valid_until } of stale) {
    await db.transaction().execute(async (trx) => {
      const sub = await trx
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", id)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!sub) return;
      if (valid_until && valid_until > now) {
        await transition(
          trx,
          sub,
          ["active"],
          { expiration_date: valid_until },
          { actor: ACTOR, action: "studio_renewed", details: { valid_until: valid_until.toISOString() } },
          now,
        );
      } else {
        report.expired++;
        await transition(
          trx,
          sub,
          ["active"],
          { state: "expired", expiration_date: valid_until ?? now },
          { actor: ACTOR, action: "expired" },
          now,
        );
      }
    });
  }
}

/** One step of the lifecycle for a due subscription; answers the updated row, or undefined when it stops here. */
async function settle(
  trx: Db,
  deps: RenewalDeps,
  sub: Subscription,
  now: Date,
  report: RenewalReport,
  manual = false,
): Promise<Subscription | undefined> {
  const { billing } = deps;
  if (sub.state === "canceled" || sub.state === "prepaid") {
    report.expired++;
    return transition(trx, sub, [sub.state], { state: "expired" }, { actor: ACTOR, action: "expired" }, now);
  }
  // The member scheduled a pause from this period's end: access ends, nothing is charged until it resumes.
  if (sub.state === "active" && sub.pause_starts_at && sub.pause_resumes_at && sub.pause_starts_at <= now) {
    report.paused++;
    return transition(
      trx,
      sub,
      ["active"],
      { state: "paused", paused_at: sub.pause_starts_at },
      { actor: ACTOR, action: "paused", details: { resumes_at: sub.pause_resumes_at.toISOString() } },
      now,
    );
  }
  // A hard decline (stolen or lost card…) is never charged again: the membership lapses on the schedule's last day
  // unless the member fixes the card first (which charges at once, `manual`).
  if (sub.state === "past_due" && sub.renewal_attempts >= NO_MORE_CHARGES && !manual) {
    report.expired++;
    await lapse(trx, deps, sub, now, { attempt: sub.renewal_attempts, hard_decline: true });
    return undefined;
  }
  const resuming = sub.state === "paused" ? sub.pause_resumes_at : null;
  const product = await findProduct(trx, sub.scheduled_sku ?? sub.sku ?? "");
  if (!product || !sub.expiration_date) return undefined;
  // A resumed membership's next period starts on its resume date, not where the last paid one ended.
  const start = resuming ?? sub.expiration_date;
  const end = addInterval(start, product.interval, product.interval_type);
  if (resuming) await billing.resumeCollection(trx, sub.user_id, sub.id);
  const paid = await chargePeriod(trx, billing, sub, product, { start, end }, now);
  const leavesPause = resuming
    ? { paused_at: null, pause_months: null, pause_starts_at: null, pause_resumes_at: null }
    : {};
  if (paid.ok) {
    report.renewed++;
    const action =
      sub.state === "trial"
        ? "trial_converted"
        : sub.state === "past_due"
          ? "payment_recovered"
          : resuming
            ? "resumed"
            : "renewed";
    return transition(
      trx,
      sub,
      [sub.state],
      {
        ...leavesPause,
        state: "active",
        sku: product.sku,
        name: nameWithoutTrial(product.name),
        base_price: paid.base,
        entitlements: product.entitlements,
        scheduled_sku: null,
        // A plan change joins the new plan now: a later reprice of it reaches this member on its stated date.
        ...(sub.sku !== product.sku ? { plan_since: start } : {}),
        current_period_start: start,
        expiration_date: end,
        renewal_attempts: 0,
        next_attempt_at: null,
      },
      {
        actor: ACTOR,
        action,
        details: {
          invoice_id: paid.invoiceId,
          amount: paid.amount,
          ...(sub.sku !== product.sku ? { from_sku: sub.sku, to_sku: product.sku } : {}),
        },
      },
      now,
    );
  }
  report.failed++;
  const details = {
    invoice_id: paid.invoiceId,
    amount: paid.amount,
    decline_code: paid.declineCode,
    ...(manual ? { card_updated: true } : {}),
  };
  // The member's new card failed too: recorded, and the schedule stays as it was.
  if (manual) {
    await transition(trx, sub, [sub.state], {}, { actor: ACTOR, action: "payment_failed", details }, now);
    return undefined;
  }
  const attempts = sub.renewal_attempts + 1;
  const hard = isHardDecline(paid.declineCode);
  const next = hard ? lapseAt(attempts, now) : retryAt(attempts, now);
  if (!next) {
    report.expired++;
    await lapse(trx, deps, sub, now, { ...details, attempt: attempts }, leavesPause);
    return undefined;
  }
  await transition(
    trx,
    sub,
    [sub.state],
    {
      // A resume that could not be charged retries the period from the resume date.
      ...(resuming ? { ...leavesPause, expiration_date: resuming } : {}),
      state: "past_due",
      renewal_attempts: hard ? NO_MORE_CHARGES : attempts,
      next_attempt_at: next,
    },
    {
      actor: ACTOR,
      action: "payment_failed",
      details: { ...details, attempt: attempts, ...(hard ? { hard_decline: true } : {}) },
    },
    now,
  );
  // The member hears once, at the first failure: fix the card (or confirm the charge with the bank).
  if (sub.state !== "past_due") {
    const user = await trx
      .selectFrom("users")
      .select(["email", "given_name"])
      .where("id", "=", sub.user_id)
      .executeTakeFirstOrThrow();
    await queueMail(
      trx,
      dunningEmail(deps.publicUrl, user, {
        kind: paid.requiresAction ? "confirm" : "fix_card",
        lapsesAt: lapseAt(attempts, now)!,
        retries: !hard,
      }),
    );
  }
  return undefined;
}

/** The last retry failed (or a hard decline's grace ended): the membership expires and the member is told. */
async function lapse(
  trx: Db,
  deps: RenewalDeps,
  sub: Subscription,
  now: Date,
  details: Record<string, unknown>,
  patch: Updateable<SubscriptionsTable> = {},
): Promise<void> {
  const ended = await transition(
    trx,
    sub,
    [sub.state],
    { ...patch, state: "expired", next_attempt_at: null },
    { actor: ACTOR, action: "expired_unpaid", details },
    now,
  );
  if (!ended) return;
  const user = await trx
    .selectFrom("users")
    .select(["email", "given_name"])
    .where("id", "=", sub.user_id)
    .executeTakeFirstOrThrow();
  await queueMail(trx, dunningEmail(deps.publicUrl, user, { kind: "lapsed", name: sub.name }));
}

/**
 * The member saved a new card while past due: the unpaid period is charged at once (not on the next retry day), so a
 * fixed card restores access straight away. Answers whether the membership is active again.
 */
export async function chargePastDueNow(deps: RenewalDeps, userId: string): Promise<boolean> {
  const now = deps.clock.now();
  const report: RenewalReport = { renewed: 0, failed: 0, expired: 0, paused: 0 };
  return deps.db.transaction().execute(async (trx) => {
    const sub = await trx
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("state", "=", "past_due")
      .where("provider", "in", [...BILLED_PROVIDERS])
      .forUpdate()
      .executeTakeFirst();
    if (!sub) return false;
    const after = await settle(trx, deps, sub, now, report, true);
    return after?.state === "active";
  });
}
