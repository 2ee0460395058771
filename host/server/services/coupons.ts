import type { Selectable } from "kysely";
import type { Db } from "../db/index.js";
import type { CouponsTable } from "../db/tables/membership.js";
import { badRequest, HttpError, notFound, oneOrList } from "../errors.js";
import { couponTerms, type CouponTerms } from "./membership-rules.js";
import { isBilled, type Subscription } from "./subscription-store.js";

export type Coupon = Selectable<CouponsTable>;

/** The spec's coupon copy (section 8): alone, and followed by the code in a list. */
const INVALID_PROMO = "Invalid Promo Code";
const invalid = (code: string) => `${INVALID_PROMO} ${code}`;

export const normalizeCode = (code: string) => code.trim().toUpperCase();

async function findCoupon(db: Db, code: string): Promise<Coupon | undefined> {
  return db.selectFrom("coupons").selectAll().where("code", "=", normalizeCode(code)).executeTakeFirst();
}

/** Usable now: switched on and inside its validity dates. */
function couponUsable(c: Coupon, now: Date): boolean {
  return c.is_active && (!c.valid_from || c.valid_from <= now) && (!c.valid_until || c.valid_until > now);
}

/** The Coupon of spec section 3. `amount` is a percent for percentage coupons and cents for amount coupons. */
function presentCoupon(c: Coupon, now: Date) {
  return {
    code: c.code,
    amount: couponTerms(c).amount,
    type: c.type,
    is_active: couponUsable(c, now),
    valid_until: c.valid_until ? c.valid_until.toISOString() : null,
    currency: c.currency,
  };
}

export async function couponByCode(db: Db, code: string, now: Date) {
  const coupon = await findCoupon(db, code);
  if (!coupon) throw notFound(INVALID_PROMO);
  return presentCoupon(coupon, now);
}

/**
 * Redeems a code on a subscription inside the caller's transaction; answers the failure message, or undefined on
 * success. The primary key (code, member) makes a second use fail, also when two requests race.
 */
export async function redeem(trx: Db, sub: Subscription, rawCode: string, now: Date): Promise<string | undefined> {
  const code = normalizeCode(rawCode);
  const coupon = await findCoupon(trx, code);
  if (!coupon || !couponUsable(coupon, now) || coupon.currency !== sub.currency) return invalid(rawCode.trim());
  const pending = await trx
    .selectFrom("coupon_redemptions")
    .select(trx.fn.countAll<number>().as("n"))
    .where("subscription_id", "=", sub.id)
    .where("invoice_id", "is", null)
    .executeTakeFirstOrThrow();
  const won = await trx
    .insertInto("coupon_redemptions")
    .values({ code, user_id: sub.user_id, subscription_id: sub.id, redeemed_at: now, position: Number(pending.n) })
    .onConflict((oc) => oc.columns(["code", "user_id"]).doNothing())
    .returning("code")
    .executeTakeFirst();
  return won ? undefined : invalid(rawCode.trim());
}

/**
 * Checks codes a member is about to use without redeeming them (the checkout and plan-change quotes): the coupon
 * terms in order, or a 400 naming each code that is unknown, not usable now, in another currency or already used.
 */
export async function checkCodes(
  db: Db,
  userId: string,
  currency: string,
  rawCodes: string[],
  now: Date,
): Promise<CouponTerms[]> {
  const failures: string[] = [];
  const terms: CouponTerms[] = [];
  const seen = new Set<string>();
  for (const raw of rawCodes) {
    const code = normalizeCode(raw);
    const coupon = await findCoupon(db, code);
    const used = await db
      .selectFrom("coupon_redemptions")
      .select("code")
      .where("code", "=", code)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!coupon || !couponUsable(coupon, now) || coupon.currency !== currency || used || seen.has(code))
      failures.push(invalid(raw.trim()));
    else terms.push(couponTerms(coupon));
    seen.add(code);
  }
  if (failures.length) throw new HttpError(400, failures.length === 1 ? failures[0]! : failures);
  return terms;
}

/** Whether the code is already waiting on this subscription's next invoice (the single-coupon flow re-sends it). */
export async function isPendingOn(db: Db, sub: Subscription, code: string): Promise<boolean> {
  const row = await db
    .selectFrom("coupon_redemptions")
    .select("code")
    .where("code", "=", normalizeCode(code))
    .where("subscription_id", "=", sub.id)
    .where("invoice_id", "is", null)
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
    const failures: string[] = [];
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
        throw badRequest("Promo codes apply only to a renewing membership");
      // Stripe and recharge codes go down different paths: a code sent for the other provider is not valid here.
      const failure =
        entry.provider !== sub.provider
          ? invalid(entry.coupon_code.trim())
          : await redeem(trx, sub, entry.coupon_code, now);
      if (failure) failures.push(failure);
      else applied.push({ entry, sub });
    }
    if (failures.length) throw new HttpError(400, oneOrList(failures));
    return applied;
  });
}
