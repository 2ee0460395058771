import { randomInt } from "node:crypto";
import type { Selectable } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { CouponDuration, CouponsTable } from "../db/tables/membership.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { normalizeCode } from "./coupons.js";
import type { Actor } from "./operator-access.js";

type Coupon = Selectable<CouponsTable>;

/** Who may use a code and when: what an admin can change after it is created. */
export interface PromoRules {
  is_active: boolean;
  valid_from: string | null;
  valid_until: string | null;
  max_redemptions: number | null;
  once_per_member: boolean;
  new_members_only: boolean;
  /** The plans it discounts; empty: every plan. */
  skus: string[];
}

/** What a code takes off and for how long: fixed once created (other terms are a new code). */
export interface PromoTerms {
  type: "percentage" | "amount";
  /** Percent off for percentage codes (up to two decimals), cents off for amount codes. */
  amount: number;
  currency: string;
  duration: CouponDuration;
  /** Paid periods a repeating code discounts. */
  duration_periods: number | null;
}

export type NewPromoCode = PromoRules & PromoTerms & { code: string };
export type PromoCampaign = PromoRules & PromoTerms & { campaign: string; prefix: string; count: number };

/** Letters and digits nobody misreads (no 0/O, 1/I/L) for generated codes. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const SUFFIX_LENGTH = 8;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const snapshot = (c: Coupon) => ({
  code: c.code,
  type: c.type,
  amount: Number(c.type === "percentage" ? c.percent_off : c.amount_off),
  currency: c.currency,
  duration: c.duration,
  duration_periods: c.duration_periods,
  is_active: c.is_active,
  valid_from: iso(c.valid_from),
  valid_until: iso(c.valid_until),
  max_redemptions: c.max_redemptions,
  times_redeemed: c.times_redeemed,
  once_per_member: c.once_per_member,
  new_members_only: c.new_members_only,
  skus: c.skus ?? [],
  campaign: c.campaign,
});

/**
 * Promo codes as admins run them: one code, or a campaign of unique generated codes; their rules edited later; the
 * redemptions counted. A code is never deleted (redemptions and invoices name it): switching it off ends its use.
 * The member's side (what each rule refuses) is coupons.ts. Every write is audited in its transaction.
 */
export class AdminPromoCodesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(query: { campaign?: string; q?: string; limit: number; offset: number }) {
    let q = this.db.selectFrom("coupons");
    if (query.campaign) q = q.where("campaign", "=", query.campaign);
    if (query.q?.trim()) q = q.where("code", "like", `%${normalizeCode(query.q).replace(/[\\%_]/g, "\\$&")}%`);
    const total = await q.select(this.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy("created_at", (ob) => ob.desc().nullsLast())
      .orderBy("code")
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { items: rows.map(snapshot), total: Number(total.n) };
  }

  /** Campaigns with how many codes they have and how many times those were redeemed. */
  async campaigns() {
    const rows = await this.db
      .selectFrom("coupons")
      .select((eb) => [
        "campaign",
        eb.fn.countAll<number>().as("codes"),
        eb.fn.sum<number>("times_redeemed").as("redemptions"),
      ])
      .where("campaign", "is not", null)
      .groupBy("campaign")
      .orderBy("campaign")
      .execute();
    return rows.map((r) => ({ campaign: r.campaign!, codes: Number(r.codes), redemptions: Number(r.redemptions) }));
  }

  async create(actor: Actor, fields: NewPromoCode) {
    const now = this.clock.now();
    const code = normalizeCode(fields.code);
    const values = await this.#values(fields, now);
    return this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto("coupons")
        .values({ ...values, code, campaign: null })
        .onConflict((oc) => oc.column("code").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!created) throw conflict(`The code ${code} exists already`);
      await recordAudit(trx, actor, now, {
        action: "promo.create",
        record: { type: "promo_code", id: code },
        before: null,
        after: snapshot(created),
      });
      return snapshot(created);
    });
  }

  /**
   * `count` unique codes `PREFIX-XXXXXXXX` for a campaign, the suffixes drawn with crypto randomness (31^8 ≈ 8.5e11
   * possibilities). A code taken already (by chance or an earlier campaign) is drawn again; all or none are created.
   */
  async createCampaign(actor: Actor, fields: PromoCampaign) {
    const now = this.clock.now();
    const values = await this.#values(fields, now);
    const prefix = normalizeCode(fields.prefix);
    const campaign = fields.campaign.trim();
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom("coupons").select("code").where("campaign", "=", campaign).limit(1).execute();
      if (taken.length) throw conflict(`The campaign ${campaign} exists already: name the new one differently`);
      const codes: string[] = [];
      while (codes.length < fields.count) {
        const wanted = new Set<string>();
        while (wanted.size < fields.count - codes.length) wanted.add(`${prefix}-${suffix()}`);
        const rows = await trx
          .insertInto("coupons")
          .values([...wanted].map((code) => ({ ...values, code, campaign })))
          .onConflict((oc) => oc.column("code").doNothing())
          .returning("code")
          .execute();
        codes.push(...rows.map((r) => r.code));
      }
      await recordAudit(trx, actor, now, {
        action: "promo.campaign",
        record: { type: "promo_campaign", id: campaign },
        before: null,
        after: { ...snapshot({ ...(await this.#one(trx, codes[0]!)) }), code: null, count: codes.length, prefix },
      });
      return { campaign, codes: codes.sort() };
    });
  }

  /** Changes who may use the code and when; what it takes off stays (a new code for new terms). */
  async update(actor: Actor, rawCode: string, rules: PromoRules) {
    const now = this.clock.now();
    const code = normalizeCode(rawCode);
    await this.#checkSkus(rules.skus);
    const window = checkWindow(rules);
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("coupons")
        .selectAll()
        .where("code", "=", code)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(`No promo code ${code}`);
      if (rules.max_redemptions !== null && rules.max_redemptions < before.times_redeemed)
        throw badRequest(`max_redemptions cannot be below the ${before.times_redeemed} redemptions made already`);
      const after = await trx
        .updateTable("coupons")
        .set({
          is_active: rules.is_active,
          ...window,
          max_redemptions: rules.max_redemptions,
          once_per_member: rules.once_per_member,
          new_members_only: rules.new_members_only,
          skus: rules.skus.length ? rules.skus : null,
        })
        .where("code", "=", code)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, now, {
        action: "promo.update",
        record: { type: "promo_code", id: code },
        before: snapshot(before),
        after: snapshot(after),
      });
      return snapshot(after);
    });
  }

  async #one(db: Db, code: string): Promise<Coupon> {
    const row = await db.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();
    if (!row) throw notFound(`No promo code ${code}`);
    return row;
  }

  /** The columns of a new code, after the checks a schema cannot make. */
  async #values(fields: PromoRules & PromoTerms, now: Date) {
    if (
      fields.type === "percentage" &&
      (fields.amount > 100 || Math.round(fields.amount * 100) !== fields.amount * 100)
    )
      throw badRequest("A percentage is more than 0 and at most 100, with up to two decimals");
    if (fields.type === "amount" && !Number.isInteger(fields.amount)) throw badRequest("An amount is whole cents");
    if ((fields.duration === "repeating") !== (fields.duration_periods !== null))
      throw badRequest("duration_periods is given with a repeating duration, and only then");
    await this.#checkSkus(fields.skus);
    return {
      type: fields.type,
      percent_off: fields.type === "percentage" ? fields.amount : null,
      amount_off: fields.type === "amount" ? fields.amount : null,
      currency: fields.currency,
      duration: fields.duration,
      duration_periods: fields.duration_periods,
      is_active: fields.is_active,
      ...checkWindow(fields),
      max_redemptions: fields.max_redemptions,
      once_per_member: fields.once_per_member,
      new_members_only: fields.new_members_only,
      skus: fields.skus.length ? fields.skus : null,
      created_at: now,
    };
  }

  async #checkSkus(skus: string[]) {
    if (!skus.length) return;
    const known = await this.db.selectFrom("products").select("sku").where("sku", "in", skus).execute();
    const unknown = skus.filter((s) => !known.some((k) => k.sku === s));
    if (unknown.length) throw badRequest(`Unknown SKU ${unknown.join(", ")}`);
  }
}

function checkWindow(rules: { valid_from: string | null; valid_until: string | null }) {
  const from = rules.valid_from ? new Date(rules.valid_from) : null;
  const until = rules.valid_until ? new Date(rules.valid_until) : null;
  if (from && until && until <= from) throw badRequest("valid_until must be after valid_from");
  return { valid_from: from, valid_until: until };
}

function suffix(): string {
  let s = "";
  for (let i = 0; i < SUFFIX_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}
