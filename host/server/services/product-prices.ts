import type { Db } from "../db/index.js";
import type { Product } from "./products.js";
import type { Subscription } from "./subscription-store.js";

/** Where a product's price history starts: its first reprice records the price it had before at this date. */
export const BEGINNING = new Date(0);

/**
 * What a subscription pays for one period of `product` starting at `periodStart`. `products.unit_amount` is the price
 * for new subscribers; after a reprice, members who subscribed earlier keep the price they joined at until the
 * reprice's `existing_from` date, and renewals from then on charge the new one. A subscription moving to another plan
 * (a plan change) joins that plan at the period start, so it pays the plan's price then.
 */
export async function periodPrice(db: Db, sub: Subscription, product: Product, periodStart: Date): Promise<number> {
  const joined = sub.sku === product.sku ? (sub.plan_since ?? sub.original_purchase_date) : periodStart;
  const row = await db
    .selectFrom("product_prices")
    .select("unit_amount")
    .where("sku", "=", product.sku)
    .where((eb) => eb.or([eb("new_from", "<=", joined), eb("existing_from", "<=", periodStart)]))
    .orderBy("new_from", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  // A product never repriced has no history: its price is the one for everyone.
  return row?.unit_amount ?? product.unit_amount;
}
