import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import type { Actor } from "./operator-access.js";
import { BEGINNING } from "./product-prices.js";
import type { Product } from "./products.js";

/** A plan the console creates: sold through the app's checkout (renewing or prepaid for one interval). */
export interface NewProduct {
  sku: string;
  name: string;
  kind: "recurring" | "prepaid";
  interval: number;
  interval_type: "day" | "week" | "month";
  trial_days: number;
  unit_amount: number;
  currency: string;
  provider: "stripe" | "recharge";
  entitlements: string[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the audit log keeps of a product: the fields a member is sold. */
const snapshot = (p: Product) => ({
  sku: p.sku,
  name: p.name,
  kind: p.kind,
  interval: p.interval,
  interval_type: p.interval_type,
  trial_days: p.trial_days,
  unit_amount: p.unit_amount,
  currency: p.currency,
  provider: p.provider,
  entitlements: p.entitlements,
  retired_at: iso(p.retired_at),
});

/**
 * Products as admins run them: created, repriced (new subscribers pay the new price at once, existing ones from a
 * stated date; see product-prices.ts) and retired (no new subscriptions, existing ones continue). Nothing is deleted:
 * subscriptions and invoices name their SKU. Every write is audited in its transaction.
 */
export class AdminProductsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list() {
    const products = await this.db.selectFrom("products").selectAll().orderBy("position").orderBy("sku").execute();
    const prices = await this.db.selectFrom("product_prices").selectAll().orderBy("new_from").orderBy("id").execute();
    const subscribers = await this.db
      .selectFrom("subscriptions")
      .select(["sku", this.db.fn.countAll<number>().as("n")])
      .where("state", "in", ["trial", "active", "canceled", "past_due", "paused", "prepaid"])
      .groupBy("sku")
      .execute();
    const count = new Map(subscribers.map((r) => [r.sku, Number(r.n)]));
    return products.map((p) => this.#present(p, prices, count.get(p.sku) ?? 0));
  }

  async create(actor: Actor, fields: NewProduct) {
    const now = this.clock.now();
    if (fields.kind === "prepaid" && fields.trial_days > 0) throw badRequest("A prepaid plan has no free trial");
    return this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("products")
        .select((eb) => eb.fn.max("position").as("p"))
        .executeTakeFirst();
      const created = await trx
        .insertInto("products")
        .values({ ...fields, position: Number(last?.p ?? 0) + 1 })
        .onConflict((oc) => oc.column("sku").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!created) throw conflict(`A product with SKU ${fields.sku} exists already`);
      await recordAudit(trx, actor, now, {
        action: "product.create",
        record: { type: "product", id: created.sku },
        before: null,
        after: snapshot(created),
      });
      return this.#present(created, [], 0);
    });
  }

  /**
   * A new price: new subscribers pay it from now, members who subscribed earlier keep theirs until
   * `existingFrom` (renewals starting then or later charge the new price). The first reprice records the price
   * the product had until now, so existing subscribers' renewals keep charging it.
   */
  async reprice(actor: Actor, sku: string, unitAmount: number, existingFrom: Date) {
    const now = this.clock.now();
    if (existingFrom.getTime() < now.getTime())
      throw badRequest("existing_from is in the past: existing subscribers need notice of a new price");
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, sku);
      if (before.kind !== "recurring") throw badRequest("Only a renewing plan can be repriced");
      if (before.unit_amount === unitAmount) throw badRequest(`${sku} costs ${unitAmount} already`);
      const history = await trx.selectFrom("product_prices").select("id").where("sku", "=", sku).limit(1).execute();
      if (!history.length)
        await trx
          .insertInto("product_prices")
          .values({
            sku,
            unit_amount: before.unit_amount,
            new_from: BEGINNING,
            existing_from: BEGINNING,
            created_at: now,
          })
          .execute();
      await trx
        .insertInto("product_prices")
        .values({ sku, unit_amount: unitAmount, new_from: now, existing_from: existingFrom, created_at: now })
        .execute();
      const after = await trx
        .updateTable("products")
        .set({ unit_amount: unitAmount })
        .where("sku", "=", sku)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, now, {
        action: "product.reprice",
        record: { type: "product", id: sku },
        before: snapshot(before),
        after: { ...snapshot(after), existing_from: existingFrom.toISOString() },
      });
      return this.#presentOne(trx, after);
    });
  }

  /** No new subscriptions from now; existing subscribers continue and renew as before. */
  async retire(actor: Actor, sku: string) {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, sku);
      if (before.retired_at) throw badRequest(`${sku} is retired already`);
      const after = await trx
        .updateTable("products")
        .set({ retired_at: now })
        .where("sku", "=", sku)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, now, {
        action: "product.retire",
        record: { type: "product", id: sku },
        before: snapshot(before),
        after: snapshot(after),
      });
      return this.#presentOne(trx, after);
    });
  }

  async #lock(trx: Db, sku: string): Promise<Product> {
    const row = await trx.selectFrom("products").selectAll().where("sku", "=", sku).forUpdate().executeTakeFirst();
    if (!row) throw notFound(`No product has SKU ${sku}`);
    return row;
  }

  async #presentOne(db: Db, p: Product) {
    const prices = await db
      .selectFrom("product_prices")
      .selectAll()
      .where("sku", "=", p.sku)
      .orderBy("new_from")
      .orderBy("id")
      .execute();
    const subscribers = await db
      .selectFrom("subscriptions")
      .select(db.fn.countAll<number>().as("n"))
      .where("sku", "=", p.sku)
      .where("state", "in", ["trial", "active", "canceled", "past_due", "paused", "prepaid"])
      .executeTakeFirstOrThrow();
    return this.#present(p, prices, Number(subscribers.n));
  }

  #present(
    p: Product,
    prices: { sku: string; unit_amount: number; new_from: Date; existing_from: Date }[],
    subscribers: number,
  ) {
    return {
      ...snapshot(p),
      subscribers,
      // The history as it reads: the first row is the price before any reprice (since the beginning).
      prices: prices
        .filter((r) => r.sku === p.sku)
        .map((r) => ({
          unit_amount: r.unit_amount,
          new_from: r.new_from.getTime() === BEGINNING.getTime() ? null : r.new_from.toISOString(),
          existing_from: r.existing_from.getTime() === BEGINNING.getTime() ? null : r.existing_from.toISOString(),
        })),
    };
  }
}
