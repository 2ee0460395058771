/**
 * The catalogue's records that editors put in order by hand (trainers, collections), as kinds of listed-content.ts's
 * lists: each table is one list (no scope), a record's id is its slug, and its place is its stored sort_order, kept
 * when it is retired. Each table's trigger bumps the catalogue version, so every process's index and answers follow.
 */
import { sql, type Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ContentStatus, TrainersTable } from "../db/tables/catalogue.js";
import { conflict } from "../errors.js";
import { ListedContentService, type ListedKind } from "./listed-content.js";

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

/** The columns every ordered table has (created_at only where the kind stampsCreated). */
type OrderedRow = Pick<TrainersTable, "id" | "slug" | "name" | "image_url" | "status" | "sort_order" | "updated_at"> &
  Partial<Pick<TrainersTable, "created_at">>;

/** A stored row with its own text and workout count, as the list reads it. */
type ReadRow = OrderedFields & {
  id: string;
  status: ContentStatus;
  sort_order: number;
  updated_at: Date;
  text: string;
  workouts: string;
} & Record<string, unknown>;

/** What makes one kind: where it lives and what its records are called. */
interface OrderedKind<F extends OrderedFields> {
  table: "trainers" | "collections";
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

/** The service of one ordered kind: listed-content.ts's, over its table as one list. */
export class OrderedContentService<F extends OrderedFields> extends ListedContentService<F, OrderedRecord<F>, ReadRow> {
  constructor(db: Db, clock: Clock, config: OrderedKind<F>) {
    super(db, clock, orderedKind(config));
  }
}

/**
 * The list kind of one ordered table. The one cast: Kysely types a query by the literal name of its table, and the
 * table here is a configured one of two, which Kysely's types cannot narrow; so writes see it as `ordered`, the
 * columns every ordered table has, while the SQL carries the real name. The kind's own text column is outside that
 * shape: it is written with the rest of `fields` (F carries it) and read by its configured name.
 */
function orderedKind<F extends OrderedFields>(config: OrderedKind<F>): ListedKind<F, OrderedRecord<F>, ReadRow> {
  const { table, links, text, kind } = config;
  const typed = (d: Db) => ({ d: d as unknown as Kysely<{ ordered: OrderedRow }>, t: table as "ordered" });
  return {
    table,
    order: "sort_order",
    scopeColumn: null,
    tieBreak: "name",
    storedPositions: true,
    lastOnPublish: true,
    derived: ["workouts"],
    kind,
    notFoundMessage: config.notFoundMessage,
    rows: async (db) =>
      (
        await sql<ReadRow>`
          select t.*, ${sql.ref(`t.${text}`)} as text,
            (select count(*) from ${sql.table(links.table)} as l where ${sql.ref(`l.${links.column}`)} = t.id)
              as workouts
          from ${sql.table(table)} as t`.execute(db)
      ).rows,
    answer: (row) =>
      ({
        ...config.fields({ slug: row.slug, name: row.name, text: row.text, image_url: row.image_url }),
        workouts: Number(row.workouts),
      }) as Omit<OrderedRecord<F>, "id" | "status" | "position" | "updated_at">,
    scopeOf: () => null,
    scopeOfNew: async () => null,
    newId: (fields) => fields.slug,
    check: async (trx, fields, id) => {
      const { d, t } = typed(trx);
      const taken = await d
        .selectFrom(t)
        .select("id")
        .where((eb) => eb.or([eb("slug", "=", fields.slug), ...(id ? [] : [eb("id", "=", fields.slug)])]))
        .$if(!!id, (q) => q.where("id", "<>", id!))
        .executeTakeFirst();
      if (taken) throw conflict(`Another ${kind} already uses the slug "${fields.slug}".`);
    },
    insert: async (trx, id, fields, place, now) => {
      const { d, t } = typed(trx);
      await d
        .insertInto(t)
        .values({
          id,
          ...fields,
          status: "draft",
          sort_order: place,
          ...(config.stampsCreated ? { created_at: now } : {}),
          updated_at: now,
        })
        .execute();
    },
    update: async (trx, id, fields, now) => {
      const { d, t } = typed(trx);
      await d
        .updateTable(t)
        .set({ ...fields, updated_at: now })
        .where("id", "=", id)
        .execute();
    },
  };
}
