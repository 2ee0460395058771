import type { Db } from "../db/index.js";
import type { ProductsTable } from "../db/tables/membership.js";
import type { Selectable } from "kysely";

export type Product = Selectable<ProductsTable>;

/**
 * The Product/SKU shape of spec section 3; cost in cents (`unit_amount`) and as a decimal string in currency units
 * (`currency_amount`).
 */
export function presentProduct(p: Product) {
  return {
    sku: p.sku,
    name: p.name,
    cost: { currency_amount: (p.unit_amount / 100).toFixed(2), unit_amount: p.unit_amount, currency: p.currency },
    subscription_details: { interval: p.interval, interval_type: p.interval_type, trial_days: p.trial_days },
    kind: p.kind,
  };
}

/** Products by SKU in the order asked (unknown SKUs are left out); every product when no SKU is given. */
export async function listProducts(db: Db, skus: string[]): Promise<Product[]> {
  if (!skus.length) return db.selectFrom("products").selectAll().orderBy("position").execute();
  const rows = await db.selectFrom("products").selectAll().where("sku", "in", skus).execute();
  const bySku = new Map(rows.map((r) => [r.sku, r]));
  return [...new Set(skus)].flatMap((sku) => (bySku.has(sku) ? [bySku.get(sku)!] : []));
}

export async function findProduct(db: Db, sku: string): Promise<Product | undefined> {
  return db.selectFrom("products").selectAll().where("sku", "=", sku).executeTakeFirst();
}

/** What a member reads when choosing a plan that is no longer sold. */
export const RETIRED = "This plan is no longer available";

/** Retired: no new subscriptions (checkouts, plan changes to it); existing subscribers continue. */
export const isRetired = (p: Product, now: Date) => !!p.retired_at && p.retired_at <= now;
