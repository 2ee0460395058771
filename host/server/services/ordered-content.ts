/**
 * The console's records that editors put in order by hand (trainers, collections): created as drafts, last in the
 * order; edited; published into members' lists and retired out of them (content-states.ts); moved one place at a
 * time. One class runs every such kind, configured by its table, its link to workouts and its own text column, so the
 * kinds cannot drift apart. Every write is audited in its transaction; each table's trigger bumps the catalogue
 * version, so every process's index and answers follow.
 */
import { sql, type Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ContentStatus, TrainersTable } from "../db/tables/catalogue.js";
import { conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import {
  lastPlace,
  lockOrder,
  moveInOrder,
  nextStatus,
  type ContentVerb,
  type Direction,
  type OrderedTable,
} from "./content-states.js";
import type { Actor } from "./operator-access.js";

/** The fields every ordered kind has; each kind adds its own text (a trainer's bio, a collection's description). */
export interface OrderedFields {
  name: string;
  slug: string;
  image_url: string;
}

/** A record as the console answers it: its fields and where it stands. */
export type OrderedRecord<F extends OrderedFields> = F & {
  id: string;
  status: ContentStatus;
  /** Its place in members' lists and filters (1 is first); a retired record keeps its last one. */
  position: number;
  /** How many workouts name it (any state). */
  workouts: number;
  updated_at: string;
};

/** What makes one kind: where it lives and what its records are called. */
export interface OrderedKind<F extends OrderedFields> {
  table: OrderedTable;
  /** The table linking workouts to the kind, and its column naming the record. */
  links:
    { table: "workout_trainers"; column: "trainer_id" } | { table: "workout_collections"; column: "collection_id" };
  /** The record type in the audit log, the prefix of its actions, and the word in its 409s. */
  kind: string;
  notFoundMessage: string;
  /** The kind's own text column, and how a row's shared columns and that text make the kind's fields. */
  text: Exclude<keyof F & string, keyof OrderedFields>;
  fields: (row: OrderedFields & { text: string }) => F;
  /** Whether the table has a created_at stamped from the server's clock (trainers do, collections don't). */
  stampsCreated: boolean;
}

/** The columns every ordered table has (created_at only where the kind stampsCreated). */
type OrderedRow = Pick<TrainersTable, "id" | "slug" | "name" | "image_url" | "status" | "sort_order" | "updated_at"> &
  Partial<Pick<TrainersTable, "created_at">>;

export class OrderedContentService<F extends OrderedFields> {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: OrderedKind<F>,
  ) {}

  /** Every record in every state: those in use in their order, then the retired. */
  async list(db: Db = this.db): Promise<OrderedRecord<F>[]> {
    const { links, text } = this.config;
    const { typed, table } = this.#typed(db);
    const rows = await typed
      .selectFrom(typed.dynamic.table(table).as("t"))
      .selectAll("t")
      .select([
        sql.ref<string>(`t.${text}`).as("text"),
        sql<string>`(select count(*) from ${sql.table(links.table)} as l where ${sql.ref(`l.${links.column}`)} = t.id)`.as(
          "workouts",
        ),
      ])
      .orderBy(({ eb }) => eb.case().when("t.status", "=", "retired").then(1).else(0).end())
      .orderBy("t.sort_order")
      .orderBy("t.name")
      .orderBy("t.id")
      .execute();
    return rows.map((t) => ({
      id: t.id,
      ...this.config.fields({ slug: t.slug, name: t.name, text: t.text, image_url: t.image_url }),
      status: t.status,
      position: t.sort_order,
      workouts: Number(t.workouts),
      updated_at: t.updated_at.toISOString(),
    }));
  }

  async get(id: string, db: Db = this.db): Promise<OrderedRecord<F>> {
    const found = (await this.list(db)).find((t) => t.id === id);
    if (!found) throw notFound(this.config.notFoundMessage);
    return found;
  }

  /** A new draft, last in the order: in no list until published. */
  async create(actor: Actor, fields: F): Promise<OrderedRecord<F>> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await this.#slugFree(trx, fields.slug);
      const id = fields.slug;
      const { typed, table } = this.#typed(trx);
      await typed
        .insertInto(table)
        .values({
          id,
          ...fields,
          status: "draft",
          sort_order: await lastPlace(trx, this.config.table),
          ...(this.config.stampsCreated ? { created_at: now } : {}),
          updated_at: now,
        })
        .execute();
      return this.#audited(trx, actor, "create", null, id);
    });
  }

  /** Replaces the fields; the state and the place stay. */
  async update(actor: Actor, id: string, fields: F): Promise<OrderedRecord<F>> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      if (fields.slug !== before.slug) await this.#slugFree(trx, fields.slug, id);
      const { typed, table } = this.#typed(trx);
      await typed
        .updateTable(table)
        .set({ ...fields, updated_at: now })
        .where("id", "=", id)
        .execute();
      return this.#audited(trx, actor, "update", before, id);
    });
  }

  /** publish: into members' lists, last in the order; retire: out of them (the workouts still name it). */
  async change(actor: Actor, id: string, verb: ContentVerb): Promise<OrderedRecord<F>> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      const status = nextStatus(this.config.kind, before.status, verb);
      if (status === before.status) return before;
      const set = status === "published" ? { status, sort_order: await lastPlace(trx, this.config.table) } : { status };
      const { typed, table } = this.#typed(trx);
      await typed
        .updateTable(table)
        .set({ ...set, updated_at: now })
        .where("id", "=", id)
        .execute();
      return this.#audited(trx, actor, verb, before, id);
    });
  }

  /** One place up or down in the order; answers every record in the new order. */
  async move(actor: Actor, id: string, direction: Direction): Promise<OrderedRecord<F>[]> {
    const now = this.clock.now();
    const { table: orderedTable, kind } = this.config;
    return this.db.transaction().execute(async (trx) => {
      await lockOrder(trx, orderedTable); // every row first: a row lock taken before would deadlock two moves
      const before = await this.#lock(trx, id);
      const order = await moveInOrder(trx, orderedTable, id, direction);
      const { typed, table } = this.#typed(trx);
      await typed.updateTable(table).set({ updated_at: now }).where("id", "=", id).execute();
      const after = await this.get(id, trx);
      await recordAudit(trx, actor, now, {
        action: `${kind}.move`,
        record: { type: kind, id },
        before: { position: before.position },
        after: { position: after.position, order },
      });
      return this.list(trx);
    });
  }

  /**
   * The one cast. Kysely types a query by the literal name of its table, and this class's table is a configured one
   * of several, which Kysely's types cannot narrow; so the queries see it as `ordered`, the columns every ordered
   * table has. The SQL carries the real name: `table` is it at run time, and no column is qualified by the typed
   * name (list aliases the table). The kind's own text column is outside that shape: it is written with the rest of
   * `fields` (F carries it) and read by its configured name.
   */
  #typed(trx: Db) {
    return { typed: trx as unknown as Kysely<{ ordered: OrderedRow }>, table: this.config.table as "ordered" };
  }

  async #lock(trx: Db, id: string): Promise<OrderedRecord<F>> {
    const { typed, table } = this.#typed(trx);
    const row = await typed.selectFrom(table).select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(this.config.notFoundMessage);
    return this.get(id, trx);
  }

  async #slugFree(trx: Db, slug: string, except?: string) {
    const { typed, table } = this.#typed(trx);
    const taken = await typed
      .selectFrom(table)
      .select("id")
      .where((eb) => eb.or([eb("slug", "=", slug), ...(except ? [] : [eb("id", "=", slug)])]))
      .$if(!!except, (q) => q.where("id", "<>", except!))
      .executeTakeFirst();
    if (taken) throw conflict(`Another ${this.config.kind} already uses the slug "${slug}".`);
  }

  async #audited(trx: Db, actor: Actor, verb: string, before: OrderedRecord<F> | null, id: string) {
    const after = await this.get(id, trx);
    await recordAudit(trx, actor, this.clock.now(), {
      action: `${this.config.kind}.${verb}`,
      record: { type: this.config.kind, id },
      before: before && snapshot(before),
      after: snapshot(after),
    });
    return after;
  }
}

/** The values the audit keeps (the row's own timestamp and the derived count left out). */
function snapshot(record: OrderedRecord<OrderedFields>): Record<string, unknown> {
  const { updated_at: _u, workouts: _w, ...rest } = record;
  return rest;
}
