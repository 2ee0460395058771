import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { CONTENT_STATUSES, nextStatus, type ContentVerb } from "./content-states.js";
import type { Actor } from "./operator-access.js";
import {
  type Answer,
  exactObject,
  imageUrlSchema,
  longTextSchema,
  readableText,
  slugSchema,
  strictObject,
} from "../schemas.js";

/** One place in a series: a workout, in the chapter the series page groups it under. */
export interface SeriesItem {
  workout_id: string;
  chapter: number;
  chapter_title: string;
}

/** What a member reads on a series page, its workouts in order. */
export interface SeriesFields {
  name: string;
  slug: string;
  description: string;
  level: string;
  image_url: string;
  suggested_schedule: string;
  before_you_start: string;
  featured: boolean;
  /** The workouts in the order members take them (position 1 first). */
  items: SeriesItem[];
}

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const status = { type: "string", enum: CONTENT_STATUSES } as const;
const seriesItemSchema = strictObject(
  {
    workout_id: { type: "string", minLength: 1, maxLength: 128 },
    chapter: { type: "integer", minimum: 1, maximum: 100, default: 1 },
    chapter_title: { ...readableText(120), default: "" },
  },
  ["workout_id"],
);
/** The fields an editor sends (the body of create and replace), as the console answers them too. */
export const seriesFieldSchemas = {
  name: readableText(200, 1),
  slug: slugSchema,
  description: longTextSchema,
  level: readableText(60),
  image_url: imageUrlSchema,
  suggested_schedule: longTextSchema,
  before_you_start: longTextSchema,
  featured: { type: "boolean" },
  items: { type: "array", maxItems: 200, items: seriesItemSchema, description: "The workouts in order, first first" },
} as const;
export const seriesFieldNames = Object.keys(seriesFieldSchemas) as (keyof typeof seriesFieldSchemas)[];
/** A series as the console shows it: its items with their workouts' names, and its state. */
export const adminSeriesSchema = strictObject(
  {
    ...seriesFieldSchemas,
    name: string,
    items: {
      type: "array",
      items: exactObject({
        workout_id: string,
        chapter: integer,
        chapter_title: string,
        name: { ...string, description: "The workout's" },
      }),
    },
    id: string,
    status,
    updated_at: string,
  },
  [...seriesFieldNames, "id", "status", "updated_at"],
);
export type AdminSeries = Answer<typeof adminSeriesSchema>;

/** A series in the console's list. */
export const adminSeriesSummarySchema = exactObject({
  id: string,
  slug: string,
  name: string,
  status,
  workouts: integer,
  updated_at: string,
});
export type AdminSeriesSummary = Answer<typeof adminSeriesSummarySchema>;

/**
 * Series as editors run them: created as drafts, edited with their workouts in an explicit order, published into
 * members' series lists, retired out of them (a retired series still opens by its slug, so members enrolled in it
 * keep their place). Every write is audited in its transaction; the series tables' triggers bump the catalogue
 * version, so every process's index and answers follow.
 */
export class AdminSeriesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<AdminSeriesSummary[]> {
    const rows = await this.db
      .selectFrom("series as s")
      .select(["s.id", "s.slug", "s.name", "s.status", "s.updated_at"])
      .select((eb) =>
        eb
          .selectFrom("series_items as i")
          .select((e) => e.fn.countAll<string>().as("n"))
          .whereRef("i.series_id", "=", "s.id")
          .as("workouts"),
      )
      .orderBy("s.name")
      .orderBy("s.id")
      .execute();
    return rows.map((s) => ({ ...s, workouts: Number(s.workouts ?? 0), updated_at: s.updated_at.toISOString() }));
  }

  async get(id: string, db: Db = this.db): Promise<AdminSeries> {
    const s = await db.selectFrom("series").selectAll().where("id", "=", id).executeTakeFirst();
    if (!s) throw notFound("Series not found");
    const items = await db
      .selectFrom("series_items as i")
      .innerJoin("workouts as w", "w.id", "i.workout_id")
      .select(["i.workout_id", "i.chapter", "i.chapter_title", "w.name"])
      .where("i.series_id", "=", id)
      .orderBy("i.position")
      .execute();
    return {
      id: s.id,
      slug: s.slug,
      name: s.name,
      description: s.description,
      level: s.level,
      image_url: s.image_url,
      suggested_schedule: s.suggested_schedule,
      before_you_start: s.before_you_start,
      featured: s.featured,
      items,
      status: s.status,
      updated_at: s.updated_at.toISOString(),
    };
  }

  /** A new draft: in no list until published. */
  async create(actor: Actor, fields: SeriesFields): Promise<AdminSeries> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await checkWorkouts(trx, fields.items);
      const taken = await trx
        .selectFrom("series")
        .select("id")
        .where((eb) => eb.or([eb("id", "=", fields.slug), eb("slug", "=", fields.slug)]))
        .executeTakeFirst();
      if (taken) throw conflict(`Another series already uses the slug "${fields.slug}".`);
      const id = fields.slug;
      await trx
        .insertInto("series")
        .values({ id, ...columns(fields), status: "draft", created_at: now, updated_at: now })
        .execute();
      await writeItems(trx, id, fields.items);
      return this.#audited(trx, actor, "series.create", null, id);
    });
  }

  /** Replaces the series' fields and its workouts in their new order (its state stays). */
  async update(actor: Actor, id: string, fields: SeriesFields): Promise<AdminSeries> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      await checkWorkouts(trx, fields.items);
      if (fields.slug !== before.slug) {
        const taken = await trx
          .selectFrom("series")
          .select("id")
          .where("slug", "=", fields.slug)
          .where("id", "<>", id)
          .executeTakeFirst();
        if (taken) throw conflict(`Another series already uses the slug "${fields.slug}".`);
      }
      await trx
        .updateTable("series")
        .set({ ...columns(fields), updated_at: now })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("series_items").where("series_id", "=", id).execute();
      await writeItems(trx, id, fields.items);
      return this.#audited(trx, actor, "series.update", before, id);
    });
  }

  /** publish: into members' series lists; retire: out of them (it still opens by its slug for those enrolled). */
  async change(actor: Actor, id: string, verb: ContentVerb): Promise<AdminSeries> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.#lock(trx, id);
      const status = nextStatus("series", before.status, verb);
      if (status === before.status) return before;
      if (status === "published" && !before.items.length)
        throw badRequest("A series without workouts cannot be published: add its workouts first.");
      await trx.updateTable("series").set({ status, updated_at: now }).where("id", "=", id).execute();
      return this.#audited(trx, actor, `series.${verb}`, before, id);
    });
  }

  async #lock(trx: Db, id: string): Promise<AdminSeries> {
    const row = await trx.selectFrom("series").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row) throw notFound("Series not found");
    return this.get(id, trx);
  }

  async #audited(trx: Db, actor: Actor, action: string, before: AdminSeries | null, id: string) {
    const after = await this.get(id, trx);
    await recordAudit(trx, actor, this.clock.now(), {
      action,
      record: { type: "series", id },
      before: before && snapshot(before),
      after: snapshot(after),
    });
    return after;
  }
}

/** Unknown workouts are refused by id, before anything is written. */
async function checkWorkouts(trx: Db, items: SeriesItem[]) {
  const ids = [...new Set(items.map((i) => i.workout_id))];
  if (!ids.length) return;
  const found = new Set(
    (await trx.selectFrom("workouts").select("id").where("id", "in", ids).execute()).map((r) => r.id),
  );
  const unknown = ids.filter((id) => !found.has(id)).map((id) => `Unknown workout "${id}".`);
  if (unknown.length) throw badRequest(unknown.length === 1 ? unknown[0]! : unknown);
}

async function writeItems(trx: Db, seriesId: string, items: SeriesItem[]) {
  if (!items.length) return;
  await trx
    .insertInto("series_items")
    .values(items.map((item, i) => ({ series_id: seriesId, position: i + 1, ...item })))
    .execute();
}

function columns(f: SeriesFields) {
  const { items: _items, ...rest } = f;
  return rest;
}

function snapshot(s: AdminSeries): Record<string, unknown> {
  const { updated_at: _u, ...rest } = s;
  return rest;
}
