/**
 * The home page's rows, its carousels and keyed copy (FAQ entries, welcome copy, coach marks) as editors run them:
 * the verbs of listed-content.ts, each kind with its own fields and checks.
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { DynamicContentKey, HomePageRowKind } from "../db/tables/catalogue.js";
import { badRequest, conflict, notFound, oneOrList } from "../errors.js";
import { ListedContentService } from "./listed-content.js";
import { CONTENT_STATUSES } from "./content-states.js";
import { type Answer, readableText, slugSchema, strictObject } from "../schemas.js";

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;

/** Words a member reads that may run over lines (line breaks allowed); never blank. */
const prose = (max: number) =>
  ({
    type: "string",
    minLength: 1,
    maxLength: max,
    pattern: "^[^\\u0000-\\u0009\\u000b-\\u001f]*\\S[\\s\\S]*$",
  }) as const;
const id = { type: "string", minLength: 1, maxLength: 128 } as const;
const string = { type: "string" } as const;
/** Where a listed record stands, as the console answers it (listed-content.ts `Listed`). */
const listed = {
  id: string,
  status: { type: "string", enum: CONTENT_STATUSES },
  position: {
    type: ["integer", "null"],
    description: "Its place among its list's records in use (1 first); null when retired",
  },
  updated_at: string,
} as const;
const listedRequired = ["id", "status", "position", "updated_at"] as const;

/** The fields an editor sends for each kind (the body of create and replace), echoed in its answer. */
export const homeRowFieldSchemas = {
  title: readableText(120, 1),
  kind: {
    type: "string",
    enum: ["workouts", "series", "collection", "category", "favorites", "stats"],
    description:
      "What the row shows: workouts or series by id, a collection's or category's newest classes, the member's favourites or stats",
  },
  source: strictObject({
    slug: { ...slugSchema, description: "A category's slug (\"all-classes\": every class) or a collection's" },
    limit: { type: "integer", minimum: 1, maximum: 50, description: "How many classes (12 when not given)" },
    ids: { type: "array", minItems: 1, maxItems: 50, items: id, description: "Workouts or series, in order" },
    featured: { type: "boolean", description: "A series row without ids: the featured series (true) or the others" },
  }),
} as const;
export const homeRowFieldNames = ["title", "kind", "source"] as const;
export const adminHomeRowSchema = strictObject({ ...homeRowFieldSchemas, title: string, ...listed }, [
  ...homeRowFieldNames,
  ...listedRequired,
]);

export const carouselFieldSchemas = {
  slug: slugSchema,
  title: readableText(120, 1),
  kind: { type: "string", enum: ["workouts", "series", "collections"] },
  item_ids: { type: "array", maxItems: 50, items: id, description: "What it shows, in order" },
} as const;
export const carouselFieldNames = ["slug", "title", "kind", "item_ids"] as const;
export const adminCarouselSchema = strictObject({ ...carouselFieldSchemas, title: string, ...listed }, [
  ...carouselFieldNames,
  ...listedRequired,
]);

export const entryKeySchema = {
  type: "string",
  enum: ["faq", "welcome", "coachMark", "dynamic"],
  description: "faq: a question and answer; welcome: the welcome screen's lead or steps; coachMark: a tip on a screen",
} as const;
const entryValueSchema = strictObject({
  title: readableText(120, 1),
  body: prose(2000),
  steps: { type: "array", minItems: 1, maxItems: 10, items: readableText(200, 1) },
  question: readableText(300, 1),
  answer: prose(5000),
  text: prose(2000),
});
export const entryFieldSchemas = {
  key: entryKeySchema,
  name: {
    ...slugSchema,
    description: "How clients find it (a coach mark by its screen; an FAQ by its topic, challenge-…)",
  },
  value: entryValueSchema,
} as const;
export const entryFieldNames = ["key", "name", "value"] as const;
export const adminEntrySchema = strictObject({ ...entryFieldSchemas, ...listed }, [
  ...entryFieldNames,
  ...listedRequired,
]);

/** What a home row lists: the source's fields that row's kind reads (the others are refused). */
export interface HomeRowSource {
  /** A category's slug ("all-classes": every class) or a collection's. */
  slug?: string;
  /** How many classes a category or collection row shows (12 when not given). */
  limit?: number;
  /** The workouts of a workouts row, or the series of a series row, in order. */
  ids?: string[];
  /** A series row without ids: the featured series (true) or the others. */
  featured?: boolean;
}

export interface HomeRowFields {
  title: string;
  kind: HomePageRowKind;
  source: HomeRowSource;
}
export type AdminHomeRow = Answer<typeof adminHomeRowSchema>;

/** The source fields each kind of row may carry, and which it needs. */
const SOURCE_RULES: Record<HomePageRowKind, { may: (keyof HomeRowSource)[]; needs: (keyof HomeRowSource)[] }> = {
  category: { may: ["slug", "limit"], needs: ["slug"] },
  collection: { may: ["slug", "limit"], needs: ["slug"] },
  workouts: { may: ["ids"], needs: ["ids"] },
  series: { may: ["ids", "featured"], needs: [] },
  favorites: { may: [], needs: [] },
  stats: { may: [], needs: [] },
};

/** The default home page, the one members are shown: the console edits its rows. */
async function defaultHomePage(db: Db): Promise<string> {
  const page = await db.selectFrom("home_pages").select("id").where("is_default", "=", true).executeTakeFirst();
  if (!page) throw notFound("There is no default home page.");
  return page.id;
}

/** Ids of `table` not found, each as a refusal sentence. */
async function unknownIds(db: Db, table: "workouts" | "series" | "collections", ids: string[], word: string) {
  if (!ids.length) return [];
  const found = new Set((await db.selectFrom(table).select("id").where("id", "in", ids).execute()).map((r) => r.id));
  return [...new Set(ids)].filter((id) => !found.has(id)).map((id) => `Unknown ${word} "${id}".`);
}

/** The rows of the members' home page, in order: what a row shows is drawn from its kind and source (content.ts). */
export class AdminHomeRowsService extends ListedContentService<
  HomeRowFields,
  AdminHomeRow,
  { id: string; status: AdminHomeRow["status"]; updated_at: Date; position: number; home_page_id: string } & Record<
    string,
    unknown
  >
> {
  constructor(db: Db, clock: Clock) {
    super(db, clock, {
      table: "home_page_rows",
      order: "position",
      scopeColumn: "home_page_id",
      kind: "home_row",
      notFoundMessage: "Home row not found",
      rows: async (d) => {
        const page = await defaultHomePage(d);
        return d.selectFrom("home_page_rows").selectAll().where("home_page_id", "=", page).execute();
      },
      answer: (row) => ({
        title: row.title as string,
        kind: row.kind as HomePageRowKind,
        source: row.source as HomeRowSource,
      }),
      scopeOf: (row) => row.home_page_id,
      scopeOfNew: (d) => defaultHomePage(d),
      newId: () => newId("row"),
      check: async (d, fields) => {
        const rule = SOURCE_RULES[fields.kind];
        const given = Object.keys(fields.source) as (keyof HomeRowSource)[];
        const problems = [
          ...given
            .filter((k) => !rule.may.includes(k))
            .map((k) => `A ${fields.kind} row takes no "${k}" in its source.`),
          ...rule.needs
            .filter((k) => fields.source[k] === undefined)
            .map((k) => `A ${fields.kind} row needs "${k}" in its source.`),
        ];
        if (problems.length) throw badRequest(oneOrList(problems));
        const { slug, ids = [] } = fields.source;
        if (fields.kind === "workouts" && !ids.length) throw badRequest("A workouts row needs at least one workout.");
        if (fields.kind === "category" && slug !== "all-classes") {
          const found = await d
            .selectFrom("workout_categories")
            .select("id")
            .where("slug", "=", slug!)
            .executeTakeFirst();
          if (!found) throw badRequest(`Unknown category "${slug}".`);
        }
        if (fields.kind === "collection") {
          const found = await d.selectFrom("collections").select("id").where("slug", "=", slug!).executeTakeFirst();
          if (!found) throw badRequest(`Unknown collection "${slug}".`);
        }
        const unknown =
          fields.kind === "workouts"
            ? await unknownIds(d, "workouts", ids, "workout")
            : fields.kind === "series"
              ? await unknownIds(d, "series", ids, "series")
              : [];
        if (unknown.length) throw badRequest(oneOrList(unknown));
      },
      insert: async (d, id, fields, place, now) => {
        await d
          .insertInto("home_page_rows")
          .values({
            id,
            home_page_id: await defaultHomePage(d),
            position: place,
            title: fields.title,
            kind: fields.kind,
            source: JSON.stringify(fields.source),
            status: "draft",
            updated_at: now,
          })
          .execute();
      },
      update: async (d, id, fields, now) => {
        await d
          .updateTable("home_page_rows")
          .set({ title: fields.title, kind: fields.kind, source: JSON.stringify(fields.source), updated_at: now })
          .where("id", "=", id)
          .execute();
      },
    });
  }
}

export type CarouselKind = "workouts" | "series" | "collections";
export interface CarouselFields {
  slug: string;
  title: string;
  kind: CarouselKind;
  /** The workouts, series or collections it shows, in order. */
  item_ids: string[];
}
export type AdminCarousel = Answer<typeof adminCarouselSchema>;

const CAROUSEL_ITEMS = {
  workouts: ["workouts", "workout"],
  series: ["series", "series"],
  collections: ["collections", "collection"],
} as const;

/** The carousels above the home page's rows, in order. */
export class AdminCarouselsService extends ListedContentService<
  CarouselFields,
  AdminCarousel,
  { id: string; status: AdminCarousel["status"]; updated_at: Date; sort_order: number } & Record<string, unknown>
> {
  constructor(db: Db, clock: Clock) {
    super(db, clock, {
      table: "carousels",
      order: "sort_order",
      scopeColumn: null,
      kind: "carousel",
      notFoundMessage: "Carousel not found",
      rows: (d) => d.selectFrom("carousels").selectAll().execute(),
      answer: (row) => ({
        slug: row.slug as string,
        title: row.title as string,
        kind: row.kind as CarouselKind,
        item_ids: row.item_ids as string[],
      }),
      scopeOf: () => null,
      scopeOfNew: async () => null,
      newId: (f) => `car_${f.slug}`,
      check: async (d, fields, id) => {
        const taken = await d
          .selectFrom("carousels")
          .select("id")
          .where((eb) => eb.or([eb("slug", "=", fields.slug), ...(id ? [] : [eb("id", "=", `car_${fields.slug}`)])]))
          .$if(!!id, (q) => q.where("id", "<>", id!))
          .executeTakeFirst();
        if (taken) throw conflict(`Another carousel already uses the slug "${fields.slug}".`);
        const [table, word] = CAROUSEL_ITEMS[fields.kind];
        const unknown = await unknownIds(d, table, fields.item_ids, word);
        if (unknown.length) throw badRequest(oneOrList(unknown));
      },
      insert: async (d, id, fields, place, now) => {
        await d
          .insertInto("carousels")
          .values({ id, ...fields, sort_order: place, status: "draft", updated_at: now })
          .execute();
      },
      update: async (d, id, fields, now) => {
        await d
          .updateTable("carousels")
          .set({ ...fields, updated_at: now })
          .where("id", "=", id)
          .execute();
      },
    });
  }
}

/** Keyed copy the console edits (dynamic_content): what each key's value holds. */
export type EntryKey = DynamicContentKey;
export interface EntryValue {
  title?: string;
  body?: string;
  steps?: string[];
  question?: string;
  answer?: string;
  text?: string;
}
export interface EntryFields {
  key: EntryKey;
  /** How clients find it: a coach mark by the screen it points at, an FAQ by its topic (challenge-…). */
  name: string;
  value: EntryValue;
}
export type AdminEntry = Answer<typeof adminEntrySchema>;

/** The fields each key's value carries: `needs` all of them, or (welcome) one of its shapes. */
const VALUE_SHAPES: Record<EntryKey, (keyof EntryValue)[][]> = {
  faq: [["question", "answer"]],
  coachMark: [["title", "body"]],
  // The welcome screen's lead (its title and words) or its numbered steps.
  welcome: [["title", "body"], ["steps"]],
  dynamic: [["text"]],
};

function checkValue(key: EntryKey, value: EntryValue) {
  const given = (Object.keys(value) as (keyof EntryValue)[]).filter((k) => value[k] !== undefined);
  const shapes = VALUE_SHAPES[key];
  const fits = shapes.find((shape) => given.length === shape.length && shape.every((k) => given.includes(k)));
  if (!fits) {
    const said = shapes.map((s) => s.map((k) => `"${k}"`).join(" and ")).join(", or ");
    throw badRequest(`A ${key} entry's value holds ${said}, and nothing else.`);
  }
  if (value.steps && (!value.steps.length || value.steps.some((s) => !s.trim())))
    throw badRequest("Each welcome step needs its words.");
}

/** FAQ entries, welcome copy and coach marks (and the other keyed copy), each key its own list. */
export class AdminEntriesService extends ListedContentService<
  EntryFields,
  AdminEntry,
  { id: string; status: AdminEntry["status"]; updated_at: Date; sort_order: number; key: string } & Record<
    string,
    unknown
  >
> {
  constructor(db: Db, clock: Clock) {
    super(db, clock, {
      table: "dynamic_content",
      order: "sort_order",
      scopeColumn: "key",
      kind: "content_entry",
      notFoundMessage: "Content entry not found",
      rows: (d) => d.selectFrom("dynamic_content").selectAll().execute(),
      answer: (row) => ({ key: row.key as EntryKey, name: row.name as string, value: row.value as EntryValue }),
      scopeOf: (row) => row.key,
      scopeOfNew: async (_d, fields) => fields.key,
      newId: () => newId("dc"),
      check: async (d, fields, id) => {
        if (id) {
          const was = await d
            .selectFrom("dynamic_content")
            .select("key")
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          if (was.key !== fields.key)
            throw badRequest(
              `An entry keeps its key (it is a ${was.key} entry): create a ${fields.key} entry instead.`,
            );
        }
        checkValue(fields.key, fields.value);
        const taken = await d
          .selectFrom("dynamic_content")
          .select("id")
          .where("key", "=", fields.key)
          .where("name", "=", fields.name)
          .$if(!!id, (q) => q.where("id", "<>", id!))
          .executeTakeFirst();
        if (taken) throw conflict(`Another ${fields.key} entry is already named "${fields.name}".`);
      },
      insert: async (d, id, fields, place, now) => {
        await d
          .insertInto("dynamic_content")
          .values({
            id,
            key: fields.key,
            name: fields.name,
            value: JSON.stringify(fields.value),
            sort_order: place,
            status: "draft",
            updated_at: now,
          })
          .execute();
      },
      update: async (d, id, fields, now) => {
        await d
          .updateTable("dynamic_content")
          .set({ name: fields.name, value: JSON.stringify(fields.value), updated_at: now })
          .where("id", "=", id)
          .execute();
      },
    });
  }

  /** One key's entries (every key's when none is given). */
  async listKey(key?: EntryKey): Promise<AdminEntry[]> {
    return (await this.list()).filter((e) => !key || e.key === key);
  }
}
