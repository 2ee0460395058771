import { randomUUID } from "node:crypto";
import type { Db } from "../db/index.js";
import { paymentDeclined } from "../billing/provider.js";
import { badRequest, conflict, notFound, type Refusal } from "../errors.js";
import { planSku, type CancelReason } from "../../../src/domain/membership.js";
import { pauseRefusal, pauseWindow, type PauseMonths } from "../../../src/domain/membership-pause.js";
import { addInterval, couponTotals, nameWithoutTrial } from "./membership-rules.js";
import type { MembershipDeps } from "./membership-deps.js";
import { checkCodes, isPendingOn, normalizeCode, promoRefusals, redeem } from "./coupons.js";
import { periodPrice } from "./product-prices.js";
import { findProduct, isRetired, RETIRED, type Product } from "./products.js";
import { chargePeriod, pendingCoupons } from "./subscription-billing.js";
import {
  audit,
  currentSubscription,
  isBilled,
  listSubscriptions,
  ownSubscription,
  lockSubscription,
  transition,
  type Actor,
  type AlsoInTransaction,
  type Subscription,
} from "./subscription-store.js";
import { presentSubscription } from "./subscription-view.js";

const MANAGED_ELSEWHERE: Record<string, string> = {
  apple: "This membership is managed in the App Store.",
  google: "This membership is managed in Google Play.",
  marianatek: "Unlimited studio memberships are managed in the studio app.",
};

/** The columns of a self-serve pause, cleared. */
const NO_PAUSE = { pause_months: null, pause_starts_at: null, pause_resumes_at: null } as const;

/** What the pause rule reads of a row: the pause as the answer carries it. */
const presentable = (sub: Subscription) => ({
  provider: sub.provider,
  state: sub.state,
  expiration_date: sub.expiration_date,
  pause: sub.pause_starts_at,
});

export interface PlanChange {
  subscription_id: string;
  user_id?: string;
  identifier?: string;
  charge_interval_frequency?: number;
  order_interval_frequency?: number;
  order_interval_unit?: string;
  product_id?: string;
  /** Accepted as the store sends it (a string or a number) and not used here. */
  shopify_variant_id?: string | number;
  sku?: string;
  stripe_promo_code?: string;
}

/** A member's subscriptions and their lifecycle: start, plan change, cancel, reactivate, unpause. */
export class SubscriptionService {
  constructor(private readonly deps: MembershipDeps) {}

  present(sub: Subscription, db: Db = this.deps.db) {
    return presentSubscription(db, this.deps.billing, sub, this.deps.clock.now());
  }

  async current(userId: string) {
    const sub = currentSubscription(await listSubscriptions(this.deps.db, userId), this.deps.clock.now());
    if (!sub) throw notFound("No subscription");
    return this.present(sub);
  }

  async all(userId: string) {
    const subs = await listSubscriptions(this.deps.db, userId);
    return Promise.all(subs.map((s) => this.present(s)));
  }

  /**
   * Subscribes with a product (the sandbox checkout): trials start free, anything else is charged at once. Promo
   * codes given here discount the first charged period (the trial's conversion, or the charge now); all or nothing.
   */
  async start(userId: string, sku: string, promoCodes: string[] = []) {
    const { db, clock, billing } = this.deps;
    const now = clock.now();
    const { product, history, trialDays } = await this.#checkout(userId, sku, now);
    if ((trialDays > 0 || product.unit_amount > 0) && !(await billing.defaultCard(db, userId)))
      throw badRequest("Add a payment method first");

    const started = db.transaction().execute(async (trx) => {
      // A cancelled subscription whose period has ended is closed first, so the new one may take its place.
      for (const old of history.filter((s) => isBilled(s) && s.state === "canceled")) {
        await transition(
          trx,
          old,
          ["canceled"],
          { state: "expired" },
          { actor: `member:${userId}`, action: "expired" },
          now,
        );
      }
      const trialEnd = trialDays > 0 ? new Date(now.getTime() + trialDays * 86_400_000) : null;
      const end = trialEnd ?? addInterval(now, product.interval, product.interval_type);
      const sub = await trx
        .insertInto("subscriptions")
        .values({
          user_id: userId,
          provider: product.kind === "recurring" && product.provider === "recharge" ? "recharge" : "stripe",
          identifier: `sb_sub_${randomUUID().replaceAll("-", "")}`,
          state: trialEnd ? "trial" : product.kind === "prepaid" ? "prepaid" : "active",
          sku: product.sku,
          name: trialDays > 0 ? product.name : nameWithoutTrial(product.name),
          base_price: product.unit_amount,
          currency: product.currency,
          entitlements: product.entitlements,
          original_purchase_date: now,
          trial_start: trialEnd ? now : null,
          trial_end: trialEnd,
          current_period_start: now,
          expiration_date: end,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const failures: Refusal[] = [];
      for (const code of promoCodes) {
        const failure = await redeem(trx, sub, code, now);
        if (failure) failures.push(failure);
      }
      if (failures.length) throw badRequest(promoRefusals(failures));
      if (!trialEnd) {
        const paid = await chargePeriod(trx, billing, sub, product, { start: now, end }, now);
        if (!paid.ok) throw paymentDeclined();
      }
      await audit(trx, sub, null, { actor: `member:${userId}`, action: "created", details: { sku: product.sku } }, now);
      return this.present(sub, trx);
    });
    // Two checkouts at once: the one-billable-subscription index lets exactly one through.
    return started.catch((err: { code?: string; constraint?: string } | undefined) => {
      if (err?.code === "23505" && err.constraint === "subscriptions_one_billable")
        throw conflict("You already have a membership");
      throw err;
    });
  }

  /**
   * What choosing `sku` (with promo codes) will charge and when, without changing anything: for a member with a
   * renewing membership the plan change (charged at the period end, with the codes already waiting on it), for anyone
   * with a paused one the unpause (its own plan, charged now), for anyone else the checkout (free until the trial
   * ends when the server grants one, otherwise charged now). The confirmation
   * screens state exactly this.
   */
  async quote(userId: string, sku: string, promoCodes: string[] = []) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const history = await listSubscriptions(db, userId);
    const renewing = history.find((s) => isBilled(s) && (s.state === "trial" || s.state === "active"));
    if (renewing) {
      const target = await this.#targetProduct(renewing, { subscription_id: renewing.id, sku });
      const pending = await pendingCoupons(db, renewing.id);
      const fresh = promoCodes.filter((c) => !pending.some((p) => p.code === normalizeCode(c)));
      const who = { userId, sku: target.sku, currency: renewing.currency, subscriptionId: renewing.id };
      const codes = [...pending, ...(await checkCodes(db, who, fresh, now))];
      const price = await periodPrice(db, renewing, target, renewing.expiration_date ?? now);
      const totals = couponTotals(price, codes);
      return {
        kind: "plan_change" as const,
        subscription_id: renewing.id,
        sku: target.sku,
        name: nameWithoutTrial(target.name),
        currency: target.currency,
        trial_days: 0,
        due_now: 0,
        base_price: totals.base,
        discount: totals.discount,
        total_price: totals.total,
        discount_codes: codes.map((c) => c.code),
        charge_date: renewing.expiration_date?.toISOString() ?? null,
        renewal_price: price,
        interval: target.interval,
        interval_type: target.interval_type,
      };
    }
    // A paused membership resumes on its own plan (or the change waiting on it): unpausing starts a new period now
    // and charges it at once, with the promo codes already waiting on the subscription (exactly what unpause charges).
    const paused = history.find((s) => isBilled(s) && s.state === "paused");
    if (paused && promoCodes.length === 0 && sku === (paused.scheduled_sku ?? paused.sku)) {
      const product = await this.#product(sku);
      const pending = await pendingCoupons(db, paused.id, product.sku);
      const price = await periodPrice(db, paused, product, now);
      const totals = couponTotals(price, pending);
      return {
        kind: "unpause" as const,
        subscription_id: paused.id,
        sku: product.sku,
        name: nameWithoutTrial(product.name),
        currency: product.currency,
        trial_days: 0,
        due_now: totals.total,
        base_price: totals.base,
        discount: totals.discount,
        total_price: totals.total,
        discount_codes: pending.map((c) => c.code),
        charge_date: now.toISOString(),
        renewal_price: price,
        interval: product.interval,
        interval_type: product.interval_type,
      };
    }
    const { product, trialDays } = await this.#checkout(userId, sku, now, history);
    const codes = await checkCodes(db, { userId, sku: product.sku, currency: product.currency }, promoCodes, now);
    const totals = couponTotals(product.unit_amount, codes);
    return {
      kind: "checkout" as const,
      subscription_id: null,
      sku: product.sku,
      name: trialDays > 0 ? product.name : nameWithoutTrial(product.name),
      currency: product.currency,
      trial_days: trialDays,
      due_now: trialDays > 0 ? 0 : totals.total,
      base_price: totals.base,
      discount: totals.discount,
      total_price: totals.total,
      discount_codes: codes.map((c) => c.code),
      charge_date: new Date(now.getTime() + trialDays * 86_400_000).toISOString(),
      renewal_price: product.kind === "recurring" ? product.unit_amount : null,
      interval: product.interval,
      interval_type: product.interval_type,
    };
  }

  /** The product a checkout buys and whether it starts with a free trial (only for members who never subscribed). */
  async #checkout(userId: string, sku: string, now: Date, known?: Subscription[]) {
    const { db } = this.deps;
    const product = await findProduct(db, sku);
    if (!product) throw badRequest(`Unknown SKU ${sku}`);
    if (product.kind === "item" || product.kind === "lifetime") throw badRequest("This product is sold in the shop");
    if (isRetired(product, now)) throw badRequest(RETIRED);
    const history = known ?? (await listSubscriptions(db, userId));
    const live = history.find((s) => isBilled(s) && ["trial", "active", "past_due", "paused"].includes(s.state));
    const stillValid = history.find(
      (s) => isBilled(s) && s.state === "canceled" && s.expiration_date && s.expiration_date > now,
    );
    if (live || stillValid) throw conflict("You already have a membership");
    // A free trial is for members who never subscribed before.
    const trialDays = product.kind === "recurring" && history.length === 0 ? product.trial_days : 0;
    return { product, history, trialDays };
  }

  /** Schedules a plan change for the end of the current period (spec section 4). */
  async changePlan(userId: string, change: PlanChange) {
    const { db, clock } = this.deps;
    if (change.user_id && change.user_id !== userId) throw notFound("Subscription not found");
    const sub = await ownSubscription(db, userId, change.subscription_id);
    if (change.identifier && change.identifier !== sub.identifier)
      throw badRequest("identifier does not match the subscription");
    this.#assertBilled(sub);
    if (sub.state === "canceled") throw badRequest("Reactivate the membership before changing the plan");
    if (sub.state !== "trial" && sub.state !== "active")
      throw badRequest(`A ${sub.state} membership cannot change plan`);
    const target = await this.#targetProduct(sub, change);
    const current = sub.sku ? await findProduct(db, sub.sku) : undefined;
    const samePlan =
      !!current && current.interval === target.interval && current.interval_type === target.interval_type;
    const code = change.stripe_promo_code?.trim();
    // The single-coupon flow re-sends the current plan with its promo code: that applies the code and changes nothing.
    if (samePlan && !sub.scheduled_sku && !code) throw badRequest("You are already on this plan");
    const now = clock.now();

    return db.transaction().execute(async (trx) => {
      const locked = await lockSubscription(trx, sub.id);
      if (locked.state !== "trial" && locked.state !== "active")
        throw badRequest(`A ${locked.state} membership cannot change plan`);
      if (code && !(await isPendingOn(trx, locked, code))) {
        const failure = await redeem(trx, locked, code, now, target.sku);
        if (failure) throw badRequest(failure);
      }
      if (locked.scheduled_sku === target.sku || (samePlan && !locked.scheduled_sku)) return this.present(locked, trx);
      // Choosing the current plan again while another is scheduled keeps the current one.
      const updated = await transition(
        trx,
        locked,
        [locked.state],
        { scheduled_sku: samePlan ? null : target.sku },
        {
          actor: `member:${userId}`,
          action: samePlan ? "plan_change_reverted" : "plan_change_scheduled",
          details: {
            from_sku: locked.sku,
            to_sku: samePlan ? locked.sku : target.sku,
            effective_at: locked.expiration_date?.toISOString(),
          },
        },
        now,
      );
      return this.present(updated!, trx);
    });
  }

  /** Cancels at the end of the current period; the member keeps access until then. */
  async cancel(
    userId: string,
    id: string,
    reason: CancelReason,
    explanation: string | undefined,
    actor: Actor = `member:${userId}`,
    also?: AlsoInTransaction,
  ) {
    const { db, clock, billing } = this.deps;
    const note = explanation?.trim() || null;
    if (reason === "other" && !note)
      throw badRequest({ message: "explanation should not be empty", code: "explanation_required" });
    const sub = await ownSubscription(db, userId, id);
    this.#assertBilled(sub);
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      // Locked, so a pause scheduled meanwhile is seen (and dropped) here.
      const locked = await lockSubscription(trx, sub.id);
      // A scheduled plan change is kept: it applies if the member reactivates before the period ends. A scheduled
      // pause is dropped: a cancelled membership ends at the period end, where the pause would have started.
      const fields = {
        cancel_reason: reason,
        cancel_explanation: note,
        canceled_at: now,
        ...(locked.pause_starts_at ? NO_PAUSE : {}),
      };
      // A renewal that keeps failing has no paid period left to run out: it ends now.
      const updated =
        (await transition(
          trx,
          locked,
          ["trial", "active"],
          { ...fields, state: "canceled" },
          { actor, action: "canceled", details: { reason, explanation: note } },
          now,
        )) ??
        (await transition(
          trx,
          locked,
          ["past_due"],
          { ...fields, state: "expired", expiration_date: now },
          { actor, action: "canceled", details: { reason, explanation: note } },
          now,
        )) ??
        // A paused membership has no access to run out: cancelling means it never resumes.
        (await transition(
          trx,
          locked,
          ["paused"],
          { ...fields, ...NO_PAUSE, state: "expired" },
          { actor, action: "canceled", details: { reason, explanation: note } },
          now,
        ));
      if (updated && locked.pause_starts_at) await billing.resumeCollection(trx, userId, locked.id);
      if (!updated)
        throw badRequest(
          locked.state === "canceled"
            ? "The membership is already cancelled"
            : `A ${locked.state} membership cannot be cancelled`,
        );
      await also?.(trx, locked, updated);
      return this.present(updated, trx);
    });
  }

  /** Undoes a cancellation before the period ends; the subscription renews again. */
  async reactivate(userId: string, id: string) {
    const { db, clock } = this.deps;
    const sub = await ownSubscription(db, userId, id);
    this.#assertBilled(sub);
    const now = clock.now();
    if (sub.state !== "canceled" || !sub.expiration_date || sub.expiration_date <= now)
      throw badRequest("Only a cancelled membership can be reactivated, before its period ends");
    return db.transaction().execute(async (trx) => {
      const state = sub.trial_end && sub.trial_end > now ? "trial" : "active";
      const updated = await transition(
        trx,
        sub,
        ["canceled"],
        { state, cancel_reason: null, cancel_explanation: null, canceled_at: null },
        { actor: `member:${userId}`, action: "reactivated" },
        now,
      );
      if (!updated) throw badRequest("Only a cancelled membership can be reactivated, before its period ends");
      return this.present(updated, trx);
    });
  }

  /**
   * Resumes a paused subscription now: a new period starts today and is charged to the default card. For a recharge
   * subscription paused in its portal that is the spec's unpause; for a self-serve pause it ends the pause early.
   */
  async unpause(userId: string, id: string, rechargeOnly = true) {
    const { db, clock, billing } = this.deps;
    const sub = await ownSubscription(db, userId, id);
    const refusal = rechargeOnly
      ? "Only a paused recharge subscription can be unpaused"
      : "Only a paused membership can be resumed";
    if (!isBilled(sub) || (rechargeOnly && sub.provider !== "recharge") || sub.state !== "paused")
      throw badRequest(refusal);
    const product = await this.#product(sub.scheduled_sku ?? sub.sku);
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const locked = await lockSubscription(trx, sub.id);
      if (locked.state !== "paused") throw badRequest(refusal);
      // Collection runs again before the charge (the sandbox refuses charges inside a paused window).
      if (locked.pause_resumes_at) await billing.resumeCollection(trx, userId, locked.id);
      const end = addInterval(now, product.interval, product.interval_type);
      const paid = await chargePeriod(trx, billing, locked, product, { start: now, end }, now);
      if (!paid.ok) throw paymentDeclined();
      const updated = await transition(
        trx,
        locked,
        ["paused"],
        {
          state: "active",
          paused_at: null,
          ...NO_PAUSE,
          current_period_start: now,
          expiration_date: end,
          sku: product.sku,
          name: nameWithoutTrial(product.name),
          base_price: paid.base,
          entitlements: product.entitlements,
          scheduled_sku: null,
          ...(product.sku !== locked.sku ? { plan_since: now } : {}),
        },
        {
          actor: `member:${userId}`,
          action: "unpaused",
          details: {
            invoice_id: paid.invoiceId,
            ...(locked.pause_resumes_at ? { was_resuming_at: locked.pause_resumes_at.toISOString() } : {}),
          },
        },
        now,
      );
      return this.present(updated!, trx);
    });
  }

  /**
   * Schedules a pause of 1 to 3 months from the end of the current period: access runs until then, the renewal job
   * charges nothing during the pause and resumes the membership (charging the next period) at `resumes_at`. Only a
   * running membership billed here may pause, and only once (src/domain/membership-pause.ts says which).
   */
  async schedulePause(
    userId: string,
    id: string,
    months: PauseMonths,
    by: { actor?: Actor; also?: AlsoInTransaction } = {},
  ) {
    const { db, clock, billing } = this.deps;
    const now = clock.now();
    const sub = await ownSubscription(db, userId, id);
    const refusal = pauseRefusal(presentable(sub), now.getTime());
    if (refusal) throw badRequest(refusal);
    return db.transaction().execute(async (trx) => {
      const locked = await lockSubscription(trx, sub.id);
      // Two requests at once: the row lock makes the second see the first's pause and refuse.
      const again = pauseRefusal(presentable(locked), now.getTime());
      if (again) throw badRequest(again);
      const window = pauseWindow(locked.expiration_date!, months);
      const updated = await transition(
        trx,
        locked,
        ["active"],
        { pause_months: months, pause_starts_at: window.starts_at, pause_resumes_at: window.resumes_at },
        {
          actor: by.actor ?? `member:${userId}`,
          action: "pause_scheduled",
          details: {
            months,
            starts_at: window.starts_at.toISOString(),
            resumes_at: window.resumes_at.toISOString(),
          },
        },
        now,
      );
      await billing.pauseCollection(trx, {
        userId,
        subscriptionId: locked.id,
        startsAt: window.starts_at,
        resumesAt: window.resumes_at,
      });
      await by.also?.(trx, locked, updated!);
      return this.present(updated!, trx);
    });
  }

  /** Withdraws a pause that has not started yet: the membership renews at the period end as before. */
  async cancelPause(userId: string, id: string) {
    const { db, clock, billing } = this.deps;
    const now = clock.now();
    const sub = await ownSubscription(db, userId, id);
    this.#assertBilled(sub);
    const refusal = (s: Subscription) =>
      !s.pause_starts_at
        ? "No pause is scheduled for this membership"
        : s.state === "paused"
          ? "The pause has started: resume the membership instead"
          : null;
    const first = refusal(sub);
    if (first) throw badRequest(first);
    return db.transaction().execute(async (trx) => {
      const locked = await lockSubscription(trx, sub.id);
      const again = refusal(locked);
      if (again) throw badRequest(again);
      const updated = await transition(
        trx,
        locked,
        [locked.state],
        NO_PAUSE,
        {
          actor: `member:${userId}`,
          action: "pause_withdrawn",
          details: { starts_at: locked.pause_starts_at?.toISOString() },
        },
        now,
      );
      await billing.resumeCollection(trx, userId, locked.id);
      return this.present(updated!, trx);
    });
  }

  /** After an account is deactivated its renewing subscriptions are cancelled at period end. */
  async cancelAllForDeactivation(userId: string) {
    for (const sub of await listSubscriptions(this.deps.db, userId)) {
      if (isBilled(sub) && ["trial", "active", "past_due", "paused"].includes(sub.state)) {
        await this.cancel(userId, sub.id, "other", "Account deactivated", "system:deactivation");
      }
    }
  }

  #assertBilled(sub: Subscription) {
    const managed = MANAGED_ELSEWHERE[sub.provider];
    if (managed) throw badRequest(managed);
    if (sub.state === "vip") throw badRequest("VIP memberships are managed by member support");
    if (sub.state === "prepaid") throw badRequest("A prepaid membership ends on its date and cannot be changed");
  }

  async #product(sku: string | null): Promise<Product> {
    const product = sku ? await findProduct(this.deps.db, sku) : undefined;
    if (!product) throw badRequest(`Unknown SKU ${sku}`);
    return product;
  }

  /** The plan asked for: by SKU, by product id, or by the recharge interval fields (monthly or twelve months). */
  async #targetProduct(sub: Subscription, change: PlanChange): Promise<Product> {
    let sku = change.sku ?? change.product_id;
    if (!sku) {
      const months = change.order_interval_frequency ?? change.charge_interval_frequency;
      if (change.order_interval_unit && change.order_interval_unit !== "month")
        throw badRequest("order_interval_unit must be month");
      if (months !== 1 && months !== 12) throw badRequest("sku should not be empty");
      sku = planSku(months === 1 ? "monthly" : "annual", sub.provider);
    }
    const product = await findProduct(this.deps.db, sku);
    if (!product) throw badRequest(`Unknown SKU ${sku}`);
    if (product.kind !== "recurring") throw badRequest(`${sku} is not a renewing plan`);
    // A retired plan keeps its subscribers but takes no new ones, by checkout or by plan change.
    if (product.sku !== sub.sku && isRetired(product, this.deps.clock.now())) throw badRequest(RETIRED);
    if (product.provider !== sub.provider) throw badRequest(`${sku} is not sold through ${sub.provider}`);
    return product;
  }
}
