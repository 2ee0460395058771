/**
 * The console's lists an editor puts in order: the catalogue's trainers and collections (each table one list,
 * ordered-content.ts), the home page's rows, the carousels above them, and keyed copy (FAQ entries, welcome copy,
 * coach marks), each of those within its scope (a home page's rows; one key's entries). One class runs every kind, so
 * the kinds cannot drift apart: created as drafts last in their list, edited, published into what members see (last
 * in the order) and retired out of it (content-states.ts), moved one place at a time; nothing is deleted, every write
 * is audited in its transaction. Members' answers read the tables (the catalogue's through its version triggers), so
 * every process serves the published result at once.
 */
import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ContentStatus } from "../db/tables/catalogue.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { nextStatus, type ContentVerb, type Direction } from "./content-states.js";
import type { Actor } from "./operator-access.js";

/** Where a listed record stands: its state and its place among the records of its scope still in use. */
export interface Listed {
  id: string;
  status: ContentStatus;
  /** 1 is first; null when retired (a retired record has no place until it is published again). */
  position: number | null;
  updated_at: string;
}

/** The columns every listed row has. */
export interface ListedRow {
  id: string;
  status: ContentStatus;
  updated_at: Date;
}

/** One kind of list: its table, its order column, what scopes it, and how its rows are read and written. */
export interface ListedKind<F, R extends Listed, Row extends ListedRow> {
  table: "trainers" | "collections" | "home_page_rows" | "carousels" | "dynamic_content";
  /** The column holding the place (rewritten 1…n by every move). */
  order: "position" | "sort_order";
  /** The column whose value makes one list (home_page_id, key), or null when the table is one list. */
  scopeColumn: "home_page_id" | "key" | null;
  /** A column ordering records that share a place, before their ids (trainers and collections: their name). */
  tieBreak?: "name";
  /**
   * The place answered is the stored order value, so a retired record keeps its last one (trainers, collections);
   * otherwise it is counted among the records in use, and a retired record has none.
   */
  storedPositions?: boolean;
  /** Every publish puts the record last, a draft's too (trainers, collections); otherwise only a retired record's. */
  lastOnPublish?: boolean;
  /** Answered fields read from other tables (a trainer's workout count): the audit's snapshots leave them out. */
  derived?: string[];
  /** The record type in the audit log, the prefix of its actions, the word in its refusals. */
  kind: string;
  notFoundMessage: string;
  /** Every row of the table (any scope), as stored. */
  rows: (db: Db) => Promise<Row[]>;
  /** A row's own fields as the console answers them (the place and state are added). */
  answer: (row: Row) => Omit<R, keyof Listed>;
  /** The scope a row belongs to (its column's value). */
  scopeOf: (row: Row) => string | null;
  /** Refuses what cannot be saved (unknown items, a taken name) with a 400 or 409, before anything is written. */
  check: (trx: Db, fields: F, id: string | null) => Promise<void>;
  insert: (trx: Db, id: string, fields: F, place: number, now: Date) => Promise<void>;
  update: (trx: Db, id: string, fields: F, now: Date) => Promise<void>;
  /** A new record's id. */
  newId: (fields: F) => string;
  /** The scope a new record goes in. */
  scopeOfNew: (trx: Db, fields: F) => Promise<string | null>;
}

export class ListedContentService<F, R extends Listed, Row extends ListedRow & Record<string, unknown>> {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ListedKind<F, R, Row>,
  ) {}

  /** Every record, list by list: those in use in their order, then the retired. */
  async list(db: Db = this.db): Promise<R[]> {
    const { order, scopeOf, tieBreak, storedPositions } = this.config;
    const rows = await this.config.rows(db);
    const sorted = [...rows].sort(
      (a, b) =>
        String(scopeOf(a) ?? "").localeCompare(String(scopeOf(b) ?? "")) ||
        Number(a.status === "retired") - Number(b.status === "retired") ||
        Number(a[order]) - Number(b[order]) ||
        (tieBreak ? String(a[tieBreak]).localeCompare(String(b[tieBreak])) : 0) ||
        a.id.localeCompare(b.id),
    );
    const places = new Map<string, number>();
    return sorted.map((row) => {
      const scope = String(scopeOf(row) ?? "");
      let position: number | null = null;
      if (row.status !== "retired") {
        position = (places.get(scope) ?? 0) + 1;
        places.set(scope, position);
      }
      return {
        ...this.config.answer(row),
        id: row.id,
        status: row.status,
        position: storedPositions ? Number(row[order]) : position,
        updated_at: row.updated_at.toISOString(),
      } as R;
    });
  }

  async get(id: string, db: Db = this.db): Promise<R> {
    const found = (await this.list(db)).find((r) => r.id === id);
    if (!found) throw notFound(this.config.notFoundMessage);
    return found;
  }

  /** A new draft, last in its list: members see nothing of it until it is published. */
  async create(actor: Actor, fields: F): Promise<R> {
    const now = this.clock.now();
    return this.#uniquely(async (trx) => {
      const scope = await this.config.scopeOfNew(trx, fields);
      await this.#lockOrder(trx, scope);
      await this.config.check(trx, fields, null);
      const id = this.config.newId(fields);
      await this.config.insert(trx, id, fields, await this.#lastPlace(trx, scope), now);
      return this.#audited(trx, actor, "create", null, id);
    });
  }

  /** Replaces the fields; the state and the place stay. */
  async update(actor: Actor, id: string, fields: F): Promise<R> {
    const now = this.clock.now();
    return this.#uniquely(async (trx) => {
      const before = await this.#lock(trx, id);
      await this.config.check(trx, fields, id);
      await this.config.update(trx, id, fields, now);
      return this.#audited(trx, actor, "update", before, id);
    });
  }

  /** publish: into what members see, last in its list; retire: out of it. */
  async change(actor: Actor, id: string, verb: ContentVerb): Promise<R> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const scope = await this.#scopeOf(trx, id);
      await this.#lockOrder(trx, scope);
      const before = await this.#lock(trx, id);
      const status = nextStatus(this.config.kind, before.status, verb);
      if (status === before.status) return before;
      const last = status === "published" && (this.config.lastOnPublish || before.status === "retired");
      const place = last ? await this.#lastPlace(trx, scope) : null;
      const { table, order } = this.config;
      await sql`
        update ${sql.table(table)}
          set status = ${status}, updated_at = ${now}
            ${place === null ? sql`` : sql`, ${sql.ref(order)} = ${place}`}
          where id = ${id}`.execute(trx);
      return this.#audited(trx, actor, verb, before, id);
    });
  }

  /** One place up or down in its list; answers every record in the new order. */
  async move(actor: Actor, id: string, direction: Direction): Promise<R[]> {
    const now = this.clock.now();
    const { table, order: column, scopeColumn, kind, tieBreak } = this.config;
    return this.db.transaction().execute(async (trx) => {
      const scope = await this.#scopeOf(trx, id);
      await this.#lockOrder(trx, scope); // every row of the list first: two moves at once take turns
      const before = await this.#lock(trx, id);
      const { rows } = await sql<{ id: string }>`
        select id from ${sql.table(table)}
          where status <> 'retired' ${this.#inScope(scope)}
          order by ${sql.ref(column)}, ${tieBreak ? sql`${sql.ref(tieBreak)}, ` : sql``}id`.execute(trx);
      const order = rows.map((r) => r.id);
      const at = order.indexOf(id);
      if (at < 0) throw badRequest("A retired record has no place in the order: publish it first.");
      const to = direction === "up" ? at - 1 : at + 1;
      if (to < 0 || to >= order.length)
        throw badRequest(direction === "up" ? "It is already first." : "It is already last.");
      [order[at], order[to]] = [order[to]!, order[at]!];
      await sql`
        update ${sql.table(table)} as t set ${sql.ref(column)} = o.position
          from unnest(${order}::text[]) with ordinality as o(id, position)
          where t.id = o.id and t.${sql.ref(column)} is distinct from o.position`.execute(trx);
      await sql`update ${sql.table(table)} set updated_at = ${now} where id = ${id}`.execute(trx);
      const after = await this.get(id, trx);
      await recordAudit(trx, actor, now, {
        action: `${kind}.move`,
        record: { type: kind, id },
        before: { position: before.position },
        after: { position: after.position, order, ...(scopeColumn ? { [scopeColumn]: scope } : {}) },
      });
      return this.list(trx);
    });
  }

  /**
   * A write whose name or slug must be free: check() refuses a taken one, and the table's unique constraint refuses the
   * one a concurrent write took between that check and the insert, answered as the same 409.
   */
  async #uniquely(write: (trx: Db) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction().execute(write);
    } catch (e) {
      if ((e as { code?: string }).code === "23505")
        throw conflict(`Another ${this.config.kind.replace("_", " ")} was just saved under that name: choose another.`);
      throw e;
    }
  }

  #inScope(scope: string | null) {
    const { scopeColumn } = this.config;
    return scopeColumn ? sql`and ${sql.ref(scopeColumn)} = ${scope}` : sql``;
  }

  /** Locks every row of the list (in id order, so two lockers never hold each other's rows). */
  async #lockOrder(trx: Db, scope: string | null) {
    await sql`select id from ${sql.table(this.config.table)} where true ${this.#inScope(scope)} order by id for update`.execute(
      trx,
    );
  }

  async #lastPlace(trx: Db, scope: string | null): Promise<number> {
    const { table, order } = this.config;
    const { rows } = await sql<{ n: number | null }>`
      select max(${sql.ref(order)}) as n from ${sql.table(table)} where true ${this.#inScope(scope)}`.execute(trx);
    return Number(rows[0]?.n ?? 0) + 1;
  }

  async #scopeOf(trx: Db, id: string): Promise<string | null> {
    const { scopeColumn, table } = this.config;
    if (!scopeColumn) return null;
    const { rows } = await sql<{ scope: string }>`
      select ${sql.ref(scopeColumn)} as scope from ${sql.table(table)} where id = ${id}`.execute(trx);
    if (!rows[0]) throw notFound(this.config.notFoundMessage);
    return rows[0].scope;
  }

  async #lock(trx: Db, id: string): Promise<R> {
    const { rows } = await sql`select id from ${sql.table(this.config.table)} where id = ${id} for update`.execute(trx);
    if (!rows.length) throw notFound(this.config.notFoundMessage);
    return this.get(id, trx);
  }

  async #audited(trx: Db, actor: Actor, verb: string, before: R | null, id: string) {
    const after = await this.get(id, trx);
    await recordAudit(trx, actor, this.clock.now(), {
      action: `${this.config.kind}.${verb}`,
      record: { type: this.config.kind, id },
      before: before && this.#snapshot(before),
      after: this.#snapshot(after),
    });
    return after;
  }

  /** The values the audit keeps (the row's own timestamp and the derived fields left out). */
  #snapshot(record: R): Record<string, unknown> {
    const { updated_at: _u, ...rest } = record as Record<string, unknown>;
    for (const field of this.config.derived ?? []) delete rest[field];
    return rest;
  }
}
