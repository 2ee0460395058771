import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ContentStatus } from "../db/tables/catalogue.js";
import { conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { lastPlace, lockOrder, moveInOrder, nextStatus, type ContentVerb, type Direction } from "./content-states.js";
import type { Actor } from "./operator-access.js";

/** What a member reads about a collection: its page, the collections list, the library's collection filter. */
export interface CollectionFields {
  name: string;
  slug: string;
  description: string;
  image_url: string;
}

export interface AdminCollection extends CollectionFields {
  id: string;
  status: ContentStatus;
  /** The collection's place in members' lists and the filter (1 is first); retired ones keep their last one. */
  position: number;
  /** How many workouts are in it (any state). */
  workouts: number;
  updated_at: string;
}

/**
 * Collections as editors run them: created as drafts, edited, published into members' collections list, page and
 * filter, moved up or down there, retired out of them (workouts are put in collections from the workout's form).
 * Every write is audited in its transaction; the collections table's trigger bumps the catalogue version, so every
 * process's index and answers follow.
 */
export class AdminCollectionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(db: Db = this.db): Promise<AdminCollection[]> {
    const rows = await db
      .selectFrom("collections as t")
      .selectAll("t")
      .select((eb) =>
        eb
          .selectFrom("workout_collections as wt")
          .select((e) => e.fn.countAll<string>().as("n"))
          .whereRef("wt.collection_id", "=", "t.id")
          .as("workouts"),
      )
      .orderBy(({ eb }) => eb.case().when("t.status", "=", "retired").then(1).else(0).end())
      .orderBy("t.sort_order")
      .orderBy("t.name")
      .orderBy("t.id")
      .execute();
    return rows.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      description: t.description,
      image_url: t.image_url,
      status: t.status,
      position: t.sort_order,
      workouts: Number(t.workouts ?? 0),
      updated_at: t.updated_at.toISOString(),
    }));
  }

  async get(id: string, db: Db = this.db): Promise<AdminCollection> {
    const found = (await this.list(db)).find((t) => t.id === id);
    if (!found) throw notFound("Collection not found");
    return found;
  }

  /** A new draft, last in the order: in no filter until published. */
  async create(actor: Actor, fields: CollectionFields): Promise<AdminCollection> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await this.#slugFree(trx, fields.slug);
      const id = fields.slug;
      await trx
        .insertInto("collections")
        .values({
          id,
          ...fields,
          status: "draft",
          sort_order: await lastPlace(trx, "collections"),
          updated_at: now,
        })
        .execute();
      return this.#audited(trx, actor, "collection.create", null, id);
    });
  }

  async update(actor: Actor, id: string, fields: CollectionFields): Promise<AdminCollection> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (fields.slug !== before.slug) await this.#slugFree(trx, fields.slug, id);
      await trx
        .updateTable("collections")
        .set({ ...fields, updated_at: now })
        .where("id", "=", id)
        .execute();
      return this.#audited(trx, actor, "collection.update", before, id);
    });
  }

  /** publish: into members' lists and the filter; retire: out of them (its workouts stay in the library). */
  async change(actor: Actor, id: string, verb: ContentVerb): Promise<AdminCollection> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      const status = nextStatus("collection", before.status, verb);
      if (status === before.status) return before;
      const set = status === "published" ? { status, sort_order: await lastPlace(trx, "collections") } : { status };
      await trx
        .updateTable("collections")
        .set({ ...set, updated_at: now })
        .where("id", "=", id)
        .execute();
      return this.#audited(trx, actor, `collection.${verb}`, before, id);
    });
  }

  /** One place up or down in members' lists; answers every collection in the new order. */
  async move(actor: Actor, id: string, direction: Direction): Promise<AdminCollection[]> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await lockOrder(trx, "collections"); // every row first: a row lock taken before would deadlock two moves
      const before = await this.#lock(trx, id);
      const order = await moveInOrder(trx, "collections", id, direction);
      await trx.updateTable("collections").set({ updated_at: now }).where("id", "=", id).execute();
      const after = await this.get(id, trx);
      await recordAudit(trx, actor, now, {
        action: `collection.move`,
        record: { type: "collection", id },
        before: { position: before.position },
        after: { position: after.position, order },
      });
      return this.list(trx);
    });
  }

  async #lock(trx: Db, id: string): Promise<AdminCollection> {
    const row = await trx.selectFrom("collections").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row) throw notFound("Collection not found");
    return this.get(id, trx);
  }

  async #slugFree(trx: Db, slug: string, except?: string) {
    const taken = await trx
      .selectFrom("collections")
      .select("id")
      .where((eb) => eb.or([eb("slug", "=", slug), ...(except ? [] : [eb("id", "=", slug)])]))
      .$if(!!except, (q) => q.where("id", "<>", except!))
      .executeTakeFirst();
    if (taken) throw conflict(`Another collection already uses the slug "${slug}".`);
  }

  async #audited(trx: Db, actor: Actor, action: string, before: AdminCollection | null, id: string) {
    const after = await this.get(id, trx);
    await recordAudit(trx, actor, this.clock.now(), {
      action,
      record: { type: "collection", id },
      before: before && snapshot(before),
      after: snapshot(after),
    });
    return after;
  }
}

/** The values the audit keeps (the row's own timestamp and the derived count left out). */
function snapshot(t: AdminCollection): Record<string, unknown> {
  const { updated_at: _u, workouts: _w, ...rest } = t;
  return rest;
}
