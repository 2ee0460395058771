/**
 * What trainers, collections and series share in the console (migration 099): their states and an explicit order.
 * draft → published ⇄ retired; nothing is deleted, a retired record only leaves members' lists. The order is the
 * `sort_order` of the records still in use, rewritten 1…n by every move so positions stay explicit and gap-free.
 */
import { sql } from "kysely";
import type { Db } from "../db/index.js";
import type { ContentStatus } from "../db/tables/catalogue.js";
import { badRequest, conflict } from "../errors.js";

export const CONTENT_STATUSES = ["draft", "published", "retired"] as const satisfies readonly ContentStatus[];

export type ContentVerb = "publish" | "retire";

/** The state a verb leads to from `from`, or a 409 saying why not. Publishing a published record changes nothing. */
export function nextStatus(what: string, from: ContentStatus, verb: ContentVerb): ContentStatus {
  if (verb === "publish") return "published";
  if (from === "retired") throw conflict(`This ${what} is already retired.`);
  return "retired";
}

export type Direction = "up" | "down";

/** The tables whose records an editor orders by hand. */
export type OrderedTable = "trainers" | "collections";

/**
 * Locks every row of `table` (in id order, so two lockers never hold each other's rows): a move takes this before
 * anything else, so two editors moving at once take turns, and the second reads the order the first left.
 */
export async function lockOrder(trx: Db, table: OrderedTable): Promise<void> {
  await sql`select id from ${sql.table(table)} order by id for update`.execute(trx);
}

/**
 * Moves one record a place up or down among the records of `table` that are not retired, and answers the ids in their
 * new order. The caller holds lockOrder's locks; the order is read after them (PostgreSQL's read committed reads each
 * statement afresh).
 */
export async function moveInOrder(trx: Db, table: OrderedTable, id: string, direction: Direction): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from ${sql.table(table)} where status <> 'retired' order by sort_order, name, id`.execute(trx);
  const order = rows.map((r) => r.id);
  const at = order.indexOf(id);
  if (at < 0) throw badRequest("A retired record has no place in the order: publish it first.");
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= order.length)
    throw badRequest(direction === "up" ? "It is already first." : "It is already last.");
  [order[at], order[to]] = [order[to]!, order[at]!];
  await sql`
    update ${sql.table(table)} as t set sort_order = o.position
      from unnest(${order}::text[]) with ordinality as o(id, position)
      where t.id = o.id and t.sort_order is distinct from o.position`.execute(trx);
  return order;
}

/** The next place at the end of the order, for a new record. */
export async function lastPlace(trx: Db, table: OrderedTable): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`select max(sort_order) as n from ${sql.table(table)}`.execute(trx);
  return Number(rows[0]?.n ?? 0) + 1;
}
