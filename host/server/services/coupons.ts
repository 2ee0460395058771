import { sql, type Selectable } from "kysely";
import type { Db } from "../db/index.js";
import type { CouponsTable } from "../db/tables/membership.js";
import { badRequest, notFound, type Refusal } from "../errors.js";
import { couponTerms, type CouponTerms } from "./membership-rules.js";
import { isBilled, type Subscription } from "./subscription-store.js";
import { promoRefusalCodes, promoRefusalsEn, type PromoRefusalKey } from "../../../src/i18n/spec/promo-refusals.js";
import { interpolate } from "../../../src/i18n/translate-core.js";

export type Coupon = Selectable<CouponsTable>;

/**
 * The promo codes' refusals (src/i18n/spec/refusals.ts: the spec's "Invalid Promo Code" followed by the code, and the
 * console's rules of issue 30), each naming the code as the member typed it, with a code clients translate by.
 */
const said = (key: PromoRefusalKey, values?: Record<string, string>): Refusal => ({
  message: interpolate(promoRefusalsEn[key], values),
  code: promoRefusalCodes[key],
  ...(values && { values }),
});
const invalid = (typed: string) => said("refusal.promoInvalid", { promo_code: typed });
const fullyRedeemed = (typed: string) => said("refusal.promoFullyRedeemed", { promo_code: typed });
const newMembersOnly = (typed: string) => said("refusal.promoNewMembersOnly", { promo_code: typed });
const otherPlans = (typed: string) => said("refusal.promoOtherPlans", { promo_code: typed });

/**
 * The answer refusing `failures` (one or more codes): one refusal as it is; several as each sentence, with the code
 * `promo_codes_refused` and the refused codes (comma-separated, as typed) for a client saying it in another language.
 */
export function promoRefusals(failures: Refusal[]): Refusal {
  if (failures.length === 1) return failures[0]!;
  return {
    message: failures.map((f) => f.message as string),
    code: promoRefusalCodes["refusal.promoCodesRefused"],
    values: { promo_codes: failures.map((f) => f.values?.promo_code).join(", ") },
  };
}

export const normalizeCode = (code: string) => code.trim().toUpperCase();

async function findCoupon(db: Db, code: string): Promise<Coupon | undefined> {
  return db.selectFrom("coupons").selectAll().where("code", "=", normalizeCode(code)).executeTakeFirst();
}

/** Usable now: switched on and inside its validity dates. */
function couponUsable(c: Coupon, now: Date): boolean {
  return c.is_active && (!c.valid_from || c.valid_from <= now) && (!c.valid_until || c.valid_until > now);
}

const capReached = (c: Coupon) => c.max_redemptions !== null && c.times_redeemed >= c.max_redemptions;

/** Who is using a code on what: the member, the plan the discounted invoice bills and its currency. */
interface Redeemer {
  userId: string;
  sku: string | null;
  currency: string;
  /** The subscription the code goes on (none yet for a checkout quote). */
  subscriptionId?: string;
}

/**
 * Why `coupon` may not be used by this member on this plan now, in words the member reads; undefined when it may.
 * Unknown, switched off, outside its dates, in another currency or already used by the member: the spec's "Invalid
 * Promo Code"; the console's rules (cap, new members, plans) say which.
 */
async function refusal(
  db: Db,
  coupon: Coupon | undefined,
  who: Redeemer,
  typed: string,
  now: Date,
): Promise<Refusal | undefined> {
  if (!coupon || !couponUsable(coupon, now) || coupon.currency !== who.currency) return invalid(typed);
  const mine = await db
    .selectFrom("coupon_redemptions")
    .select(["subscription_id"])
    .where("code", "=", coupon.code)
    .where("user_id", "=", who.userId)
    .execute();
  if (mine.some((r) => r.subscription_id === who.subscriptionId) || (coupon.once_per_member && mine.length))
    return invalid(typed);
  if (coupon.skus && !(who.sku && coupon.skus.includes(who.sku))) return otherPlans(typed);
  if (coupon.new_members_only && !(await isNewMember(db, who))) return newMembersOnly(typed);
  if (capReached(coupon)) return fullyRedeemed(typed);
  return undefined;
}

/**
 * A new member has never had a membership before this one, and this one has not been charged yet (a trial, or the
 * checkout itself).
 */
async function isNewMember(db: Db, who: Redeemer): Promise<boolean> {
  let others = db.selectFrom("subscriptions").select("id").where("user_id", "=", who.userId);
  if (who.subscriptionId) others = others.where("id", "<>", who.subscriptionId);
  if (await others.limit(1).executeTakeFirst()) return false;
  if (!who.subscriptionId) return true;
  const paid = await db
    .selectFrom("invoices")
    .select("id")
    .where("subscription_id", "=", who.subscriptionId)
    .where("status", "=", "paid")
    .limit(1)
    .executeTakeFirst();
  return !paid;
}

/** Periods a redemption discounts: one, the coupon's number, or every one (null). */
const periodsOf = (c: Coupon) => (c.duration === "once" ? 1 : c.duration === "repeating" ? c.duration_periods : null);

/** The Coupon of spec section 3. `amount` is a percent for percentage coupons and cents for amount coupons. */
function presentCoupon(c: Coupon, now: Date) {
  return {
    code: c.code,
    amount: couponTerms(c).amount,
    type: c.type,
    is_active: couponUsable(c, now) && !capReached(c),
    valid_until: c.valid_until ? c.valid_until.toISOString() : null,
    currency: c.currency,
  };
}

export async function couponByCode(db: Db, code: string, now: Date) {
  const coupon = await findCoupon(db, code);
  if (!coupon) throw notFound(said("refusal.promoNotFound"));
  return presentCoupon(coupon, now);
}

/**
 * Redeems a code on a subscription inside the caller's transaction; answers the refusal, or undefined on
 * success. `sku` is the plan the discounted invoice bills (a plan change's target; by default the subscription's next).
 * The coupon's row is locked first, so redemptions of one code are decided one after another: the last one under a
 * cap goes to exactly one member, and a member's second use is seen (the unique index is the backstop).
 */
export async function redeem(
  trx: Db,
  sub: Subscription,
  rawCode: string,
  now: Date,
  sku: string | null = sub.scheduled_sku ?? sub.sku,
): Promise<Refusal | undefined> {
  const code = normalizeCode(rawCode);
  const coupon = await trx.selectFrom("coupons").selectAll().where("code", "=", code).forUpdate().executeTakeFirst();
  const who = { userId: sub.user_id, sku, currency: sub.currency, subscriptionId: sub.id };
  const refused = await refusal(trx, coupon, who, rawCode.trim(), now);
  if (refused || !coupon) return refused ?? invalid(rawCode.trim());
  const pending = await trx
    .selectFrom("coupon_redemptions")
    .select(trx.fn.countAll<number>().as("n"))
    .where("subscription_id", "=", sub.id)
    .where(sql<boolean>`(periods is null or periods_used < periods)`)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("coupon_redemptions")
    .values({
      code,
      user_id: sub.user_id,
      subscription_id: sub.id,
      redeemed_at: now,
      position: Number(pending.n),
      periods: periodsOf(coupon),
      once_per_member: coupon.once_per_member,
    })
    .execute();
  // The cap again in the UPDATE itself: exact even if a writer ever skipped the row lock.
  const counted = await trx
    .updateTable("coupons")
    .set((eb) => ({ times_redeemed: eb("times_redeemed", "+", 1) }))
    .where("code", "=", code)
    .where((eb) => eb.or([eb("max_redemptions", "is", null), eb("times_redeemed", "<", eb.ref("max_redemptions"))]))
    .returning("code")
    .executeTakeFirst();
  return counted ? undefined : fullyRedeemed(rawCode.trim());
}

/**
 * Checks codes a member is about to use on `sku` without redeeming them (the checkout and plan-change quotes): the
 * coupon terms in order, or a 400 naming each code the member could not redeem (the same rules as redeeming).
 */
export async function checkCodes(db: Db, who: Redeemer, rawCodes: string[], now: Date): Promise<CouponTerms[]> {
  const failures: Refusal[] = [];
  const terms: CouponTerms[] = [];
  const seen = new Set<string>();
  for (const raw of rawCodes) {
    const code = normalizeCode(raw);
    const coupon = await findCoupon(db, code);
    const refused = seen.has(code) ? invalid(raw.trim()) : await refusal(db, coupon, who, raw.trim(), now);
    if (refused || !coupon) failures.push(refused ?? invalid(raw.trim()));
    else terms.push(couponTerms(coupon));
    seen.add(code);
  }
  if (failures.length) throw badRequest(promoRefusals(failures));
  return terms;
}

/** Whether the code is already waiting on this subscription's next invoice (the single-coupon flow re-sends it). */
export async function isPendingOn(db: Db, sub: Subscription, code: string): Promise<boolean> {
  const row = await db
    .selectFrom("coupon_redemptions")
    .select("code")
    .where("code", "=", normalizeCode(code))
    .where("subscription_id", "=", sub.id)
    .where(sql<boolean>`(periods is null or periods_used < periods)`)
    .executeTakeFirst();
  return !!row;
}

export interface CouponEntry {
  provider: "stripe" | "recharge";
  coupon_code: string;
  identifier: string;
}

/**
 * Applies a list of coupons (spec section 4: all valid gives success, any failure gives the list of errors). The
 * list is all or nothing: on any failure nothing is redeemed and the answer is a 400 naming each failing code.
 */
export async function applyCoupons(db: Db, userId: string, entries: CouponEntry[], now: Date) {
  return db.transaction().execute(async (trx) => {
    const failures: Refusal[] = [];
    const applied: { entry: CouponEntry; sub: Subscription }[] = [];
    for (const entry of entries) {
      const sub = await trx
        .selectFrom("subscriptions")
        .selectAll()
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("id", "=", entry.identifier), eb("identifier", "=", entry.identifier)]))
        .forUpdate()
        .executeTakeFirst();
      if (!sub) throw notFound("Subscription not found");
      if (!isBilled(sub) || !["trial", "active", "past_due"].includes(sub.state))
        throw badRequest(said("refusal.promoNeedsRenewing"));
      // Stripe and recharge codes go down different paths: a code sent for the other provider is not valid here.
      const failure =
        entry.provider !== sub.provider
          ? invalid(entry.coupon_code.trim())
          : await redeem(trx, sub, entry.coupon_code, now);
      if (failure) failures.push(failure);
      else applied.push({ entry, sub });
    }
    if (failures.length) throw badRequest(promoRefusals(failures));
    return applied;
  });
}
