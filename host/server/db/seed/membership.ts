import type { Insertable } from "kysely";
import type { Db } from "../index.js";
import type { ProductsTable, SubscriptionsTable } from "../tables/membership.js";
import { addInterval } from "../../services/membership-rules.js";
import type { SeedStep } from "./index.js";
import { DEMO_DOMAIN } from "./members.js";

const MONTH = 1999;
const YEAR = 9588;
const DAY_MS = 86_400_000;

type ProductRow = Insertable<ProductsTable>;
const recurring = (
  sku: string,
  name: string,
  months: number,
  trial: number,
  provider: "stripe" | "recharge",
): ProductRow => ({
  sku,
  name,
  kind: "recurring",
  interval: months,
  interval_type: "month",
  trial_days: trial,
  unit_amount: months === 12 ? YEAR : MONTH * months,
  provider,
});
const prepaid = (
  sku: string,
  name: string,
  interval: number,
  type: "day" | "week" | "month",
  cents: number,
): ProductRow => ({
  sku,
  name,
  kind: "prepaid",
  interval,
  interval_type: type,
  unit_amount: cents,
  provider: "stripe",
});

/**
 * The product ids of spec section 9: the plan-change SKUs (monthly 1month_trial0-R-SB on stripe, 1month_trial7-R
 * otherwise; annual 12month_trial7 on stripe, 12month_trial0 otherwise), trial lengths from 0 to 90 days, 1, 2, 3, 4,
 * 6 and 12 months, a week, 2 days, the kit and lifetime. Plans cost $19.99 a month and $95.88 every 12 months;
 * prepaid months cost the monthly price each.
 */
const PRODUCTS: ProductRow[] = (
  [
    recurring("1month_trial0-R-SB", "1 Month Digital Membership", 1, 0, "stripe"),
    recurring("1month_trial7-R", "1 Month Digital Membership, 7-Day Free Trial", 1, 7, "recharge"),
    recurring("12month_trial7", "12 Month Digital Membership, 7-Day Free Trial", 12, 7, "stripe"),
    recurring("12month_trial0", "12 Month Digital Membership", 12, 0, "recharge"),
    recurring("1month_trial14", "1 Month Digital Membership, 14-Day Free Trial", 1, 14, "stripe"),
    recurring("1month_trial30", "1 Month Digital Membership, 30-Day Free Trial", 1, 30, "stripe"),
    recurring("1month_trial60", "1 Month Digital Membership, 60-Day Free Trial", 1, 60, "stripe"),
    recurring("1month_trial90", "1 Month Digital Membership, 90-Day Free Trial", 1, 90, "stripe"),
    recurring("12month_trial14", "12 Month Digital Membership, 14-Day Free Trial", 12, 14, "stripe"),
    recurring("12month_trial30", "12 Month Digital Membership, 30-Day Free Trial", 12, 30, "stripe"),
    prepaid("2day_pass", "2 Day Pass", 2, "day", 0),
    prepaid("1week_pass", "1 Week Pass", 1, "week", 499),
    prepaid("1month_prepaid", "1 Month Prepaid", 1, "month", MONTH),
    prepaid("2month_prepaid", "2 Month Prepaid", 2, "month", MONTH * 2),
    prepaid("3month_prepaid", "3 Month Prepaid", 3, "month", MONTH * 3),
    prepaid("4month_prepaid", "4 Month Prepaid", 4, "month", MONTH * 4),
    prepaid("6month_prepaid", "6 Month Prepaid", 6, "month", MONTH * 6),
    prepaid("12month_prepaid", "12 Month Prepaid", 12, "month", YEAR),
    {
      sku: "kit",
      name: "Equipment Kit",
      kind: "item",
      interval: 0,
      interval_type: "once",
      unit_amount: 4999,
      provider: "shop",
      entitlements: [],
    },
    {
      sku: "3month_kit",
      name: "3 Month Membership with Equipment Kit",
      kind: "item",
      interval: 3,
      interval_type: "month",
      unit_amount: MONTH * 3 + 4999,
      provider: "shop",
    },
    {
      sku: "lifetime",
      name: "Lifetime Digital Membership",
      kind: "lifetime",
      interval: 0,
      interval_type: "lifetime",
      unit_amount: 49_999,
      provider: "shop",
    },
  ] satisfies ProductRow[]
).map((p, position) => ({ ...p, position }));

/** The products members can buy. */
export const membershipCatalogue: SeedStep = {
  name: "membership/catalogue",
  async run(trx) {
    await trx
      .insertInto("products")
      .values(PRODUCTS)
      .onConflict((oc) => oc.column("sku").doNothing())
      .execute();
  },
};

/**
 * Demo data only: promo codes to try (each rule of spec section 5 has one, FREEMONTH included) and a studio
 * directory holding the demo studio member. A real deployment creates its own.
 */
export const demoOffers: SeedStep = {
  name: "membership/demo-offers",
  async run(trx, { clock }) {
    const now = clock.now();
    const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
    await trx
      .insertInto("coupons")
      .values([
        {
          code: "WELCOME20",
          type: "percentage",
          percent_off: 20,
          amount_off: null,
          valid_from: null,
          valid_until: days(365),
        },
        { code: "TAKE15", type: "percentage", percent_off: 15, amount_off: null, valid_from: null, valid_until: null },
        {
          code: "EIGHTH",
          type: "percentage",
          percent_off: 12.5,
          amount_off: null,
          valid_from: null,
          valid_until: null,
        },
        {
          code: "FREEMONTH",
          type: "percentage",
          percent_off: 100,
          amount_off: null,
          valid_from: null,
          valid_until: null,
        },
        { code: "SAVE5", type: "amount", percent_off: null, amount_off: 500, valid_from: null, valid_until: null },
        { code: "BIGSAVE", type: "amount", percent_off: null, amount_off: 10_000, valid_from: null, valid_until: null },
        {
          code: "EXPIRED10",
          type: "percentage",
          percent_off: 10,
          amount_off: null,
          valid_from: days(-60),
          valid_until: days(-30),
        },
        {
          code: "SOON10",
          type: "percentage",
          percent_off: 10,
          amount_off: null,
          valid_from: days(30),
          valid_until: days(60),
        },
        {
          code: "RETIRED",
          type: "amount",
          percent_off: null,
          amount_off: 300,
          is_active: false,
          valid_from: null,
          valid_until: null,
        },
      ])
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();
    await trx
      .insertInto("studio_memberships")
      .values([
        { email: `studio@${DEMO_DOMAIN}`, name: "Studio Unlimited (Chicago)", valid_until: days(365) },
        { email: "unlimited@studio.fitkit.dev", name: "Studio Unlimited (New York)", valid_until: days(365) },
        {
          email: "unlimited.la@studio.fitkit.dev",
          name: "Studio Unlimited (Los Angeles West)",
          valid_until: days(365),
        },
        { email: "ended@studio.fitkit.dev", name: "Studio Unlimited (Los Angeles)", valid_until: days(-10) },
      ])
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  },
};

async function userId(trx: Db, who: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", `${who}@${DEMO_DOMAIN}`)
    .executeTakeFirst();
  return row?.id;
}

async function giveCard(trx: Db, user: string, now: Date) {
  const id = `pm_demo_${user.replaceAll("-", "").slice(0, 16)}`;
  await trx
    .insertInto("payment_methods")
    .values({
      id,
      user_id: user,
      brand: "visa",
      last4: "4242",
      exp_month: 4,
      exp_year: now.getUTCFullYear() + 2,
      behavior: "succeed",
      created_at: now,
    })
    .execute();
  await trx
    .insertInto("billing_customers")
    .values({ user_id: user, default_payment_method_id: id, updated_at: now })
    .execute();
}

/** Each demo member's subscription, so their claims come from the subscription state (see members.ts). */
export const demoSubscriptions: SeedStep = {
  name: "membership/demo-subscriptions",
  async run(trx, { clock }) {
    const now = clock.now();
    const ago = (n: number) => new Date(now.getTime() - n * DAY_MS);
    const product = (sku: string) => PRODUCTS.find((p) => p.sku === sku)!;
    const plan = (sku: string) => ({ sku, name: product(sku).name, base_price: product(sku).unit_amount });
    const monthly = plan("1month_trial0-R-SB");
    const annual = plan("12month_trial7");
    const trialEnd = ago(13);
    const memberStart = ago(10);
    const lapsedStart = addInterval(ago(40), -1, "month");
    // The linked studio membership runs as long as the studio directory says.
    const studioUntil = await trx
      .selectFrom("studio_memberships")
      .select("valid_until")
      .where("email", "=", `studio@${DEMO_DOMAIN}`)
      .executeTakeFirst();

    type Row = Omit<Insertable<SubscriptionsTable>, "user_id" | "identifier"> & {
      card?: true;
      invoice?: { start: Date; end: Date };
    };
    const rows: Record<string, Row> = {
      member: {
        ...monthly,
        provider: "stripe",
        state: "active",
        original_purchase_date: ago(200),
        current_period_start: memberStart,
        expiration_date: addInterval(memberStart, 1, "month"),
        card: true,
        invoice: { start: memberStart, end: addInterval(memberStart, 1, "month") },
      },
      new: {
        ...annual,
        provider: "stripe",
        state: "active",
        original_purchase_date: ago(20),
        trial_start: ago(20),
        trial_end: trialEnd,
        current_period_start: trialEnd,
        expiration_date: addInterval(trialEnd, 12, "month"),
        card: true,
        invoice: { start: trialEnd, end: addInterval(trialEnd, 12, "month") },
      },
      trial: {
        ...annual,
        provider: "stripe",
        state: "trial",
        original_purchase_date: ago(2),
        trial_start: ago(2),
        trial_end: ago(-5),
        current_period_start: ago(2),
        expiration_date: ago(-5),
        card: true,
      },
      vip: {
        sku: null,
        name: "VIP Membership",
        base_price: 0,
        provider: "stripe",
        state: "vip",
        original_purchase_date: ago(300),
        current_period_start: ago(300),
        expiration_date: addInterval(now, 1200, "month"),
      },
      paused: {
        ...plan("1month_trial7-R"),
        provider: "recharge",
        state: "paused",
        original_purchase_date: ago(120),
        current_period_start: ago(55),
        expiration_date: ago(25),
        paused_at: ago(25),
        card: true,
      },
      lapsed: {
        ...monthly,
        provider: "stripe",
        state: "expired",
        original_purchase_date: ago(160),
        current_period_start: lapsedStart,
        expiration_date: ago(40),
        canceled_at: ago(70),
        cancel_reason: "too expensive",
        invoice: { start: lapsedStart, end: ago(40) },
      },
      studio: {
        sku: null,
        name: "Studio Unlimited (Chicago)",
        base_price: 0,
        provider: "marianatek",
        state: "active",
        entitlements: ["digital", "studio_unlimited"],
        original_purchase_date: ago(90),
        current_period_start: ago(90),
        expiration_date: studioUntil?.valid_until ?? ago(-365),
      },
    };

    for (const [who, { card, invoice, ...row }] of Object.entries(rows)) {
      const user = await userId(trx, who);
      if (!user) continue;
      if (card) await giveCard(trx, user, now);
      const identifier = row.provider === "marianatek" ? `studio@${DEMO_DOMAIN}` : `sb_sub_demo_${who}`;
      const sub = await trx
        .insertInto("subscriptions")
        .values({ ...row, user_id: user, identifier, created_at: row.original_purchase_date, updated_at: now })
        .returning(["id", "state"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("subscription_events")
        .values({
          subscription_id: sub.id,
          user_id: user,
          actor: "system:seed",
          action: "created",
          from_state: null,
          to_state: sub.state,
          details: JSON.stringify({ sku: row.sku }),
          created_at: now,
        })
        .execute();
      if (invoice && row.sku) {
        await trx
          .insertInto("invoices")
          .values({
            subscription_id: sub.id,
            user_id: user,
            sku: row.sku,
            period_start: invoice.start,
            period_end: invoice.end,
            base_amount: row.base_price!,
            discount_amount: 0,
            amount: row.base_price!,
            currency: "USD",
            discount_code: null,
            status: "paid",
            payment_id: null,
            created_at: invoice.start,
          })
          .execute();
      }
    }
  },
};
