import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { WORKOUT_STATUSES, type WorkoutStatus } from "../db/tables/catalogue.js";
import { conflict } from "../errors.js";
import { AdminWorkoutsService, columns, snapshot, writeLinks, type WorkoutFields } from "./admin-workouts.js";
import { type Answer, exactObject } from "../schemas.js";
import { recordAudit } from "./audit.js";
import type { CatalogueColumn, CatalogueRow, ReadRow, RowProblem } from "./catalogue-file.js";
import type { Actor } from "./operator-access.js";
import { slugTaken, workoutFieldProblems } from "./workout-rules.js";
import { instantOfWallTime, isoInZone, validZone } from "./zoned-time.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const nullableString = { type: ["string", "null"] } as const;

const problem = exactObject({ field: nullableString, message: string });
/** What an import did (or, in a dry run, would do) with each row of the file, and the count of each. */
export const importReportSchema = exactObject({
  dry_run: { type: "boolean" },
  imported: { type: "boolean", description: "whether the rows were written" },
  rows: {
    type: "array",
    items: exactObject({
      index: { ...integer, description: "the row's position among the file's rows, from 0" },
      line: { type: ["integer", "null"], description: "the CSV line the row starts on (null for JSON)" },
      slug: nullableString,
      action: { type: ["string", "null"], enum: ["create", "update", "unchanged", null] },
      problems: { type: "array", items: problem },
    }),
  },
  summary: exactObject({ rows: integer, create: integer, update: integer, unchanged: integer, problems: integer }),
});

export type ImportReport = Answer<typeof importReportSchema>;
type RowReport = ImportReport["rows"][number];
export type RowAction = NonNullable<RowReport["action"]>;

/**
 * The states the console's actions move a workout between (schedule, publish, unschedule, archive, restore); an
 * imported row may change a workout's state only along them.
 */
const MOVES: Record<WorkoutStatus, readonly WorkoutStatus[]> = {
  draft: ["scheduled", "published"],
  scheduled: ["scheduled", "published", "draft"],
  published: ["archived"],
  archived: ["published"],
};
const MOVE_HINT: Record<WorkoutStatus, string> = {
  draft: "a draft can be scheduled or published",
  scheduled: "a scheduled workout can be moved, published or made a draft again",
  published: "a published workout can only be archived",
  archived: "an archived workout can only be published again (restored)",
};

/** The file's names for the body's reference fields. */
const FILE_NAMES: Record<string, CatalogueColumn> = {
  trainer_ids: "trainers",
  category_ids: "categories",
  collection_ids: "collections",
};

/** A workout as the database holds it, with its links, for comparing and writing. */
interface Current {
  id: string;
  fields: WorkoutFields;
  status: WorkoutStatus;
  release_at: Date | null;
  release_zone: string | null;
  start_date: Date;
}

/** A state to write: the status, the release and the date members see. */
interface State {
  status: WorkoutStatus;
  release_at: Date | null;
  release_zone: string | null;
  start_date: Date;
}

interface Plan {
  row: ReadRow;
  report: RowReport;
  fields?: WorkoutFields;
  state?: State;
  current?: Current;
}

/** Slugs ↔ ids of the trainers, categories and collections a workout names. */
interface Vocabulary {
  trainers: Map<string, string>;
  categories: Map<string, string>;
  collections: Map<string, string>;
}

/**
 * A catalogue moved in and out as a file (catalogue-file.ts reads and writes it): the export is every workout in
 * every state; the import matches rows to workouts by slug, holds each to the console's rules (workout-rules.ts and
 * the console's state moves), and writes all of them in one transaction, each with its audit entry, or none when any
 * row has a problem. A dry run answers the same report and writes nothing. The catalogue's triggers bump its version,
 * so the search index and answer caches of every process follow an import as they follow the console's writes.
 */
export class CatalogueTransfer {
  readonly #workouts: AdminWorkoutsService;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.#workouts = new AdminWorkoutsService(db, clock);
  }

  /** Every workout, by slug, as the file holds it. */
  async export(): Promise<CatalogueRow[]> {
    const [workouts, trainers, categories, collections] = await Promise.all([
      this.db.selectFrom("workouts").selectAll().orderBy("slug").execute(),
      this.db
        .selectFrom("workout_trainers as l")
        .innerJoin("trainers as t", "t.id", "l.trainer_id")
        .select(["l.workout_id", "t.slug"])
        .orderBy("l.workout_id")
        .orderBy("l.position")
        .execute(),
      this.db
        .selectFrom("workout_category_links as l")
        .innerJoin("workout_categories as c", "c.id", "l.category_id")
        .select(["l.workout_id", "c.slug"])
        .orderBy("c.slug")
        .execute(),
      this.db
        .selectFrom("workout_collections as l")
        .innerJoin("collections as c", "c.id", "l.collection_id")
        .select(["l.workout_id", "c.slug"])
        .orderBy("c.slug")
        .execute(),
    ]);
    const byWorkout = (links: { workout_id: string; slug: string }[]) => {
      const map = new Map<string, string[]>();
      for (const l of links) map.set(l.workout_id, [...(map.get(l.workout_id) ?? []), l.slug]);
      return (id: string) => map.get(id) ?? [];
    };
    const [trainersOf, categoriesOf, collectionsOf] = [
      byWorkout(trainers),
      byWorkout(categories),
      byWorkout(collections),
    ];
    return workouts.map((w) => ({
      slug: w.slug,
      name: w.name,
      description: w.description,
      type: w.type,
      level: w.level,
      pacing: w.pacing,
      video_minutes: w.duration,
      equipment: w.equipment,
      focus: w.focus,
      benefits: w.benefits,
      strain: w.strain ?? [],
      poster_url: w.poster_url,
      breakdown: w.breakdown,
      trainers: trainersOf(w.id),
      categories: categoriesOf(w.id),
      collections: collectionsOf(w.id),
      status: w.status,
      release_at: releaseOf(w),
      release_zone: w.status === "draft" ? null : w.release_zone,
    }));
  }

  /**
   * Checks every row and, unless `dryRun` or a row has a problem, writes them all in one transaction (a row that
   * changes nothing is left alone). The report says per row what was (or would be) done and every problem found.
   */
  async import(actor: Actor, rows: ReadRow[], dryRun: boolean): Promise<ImportReport> {
    if (dryRun) return report(await this.#plan(this.db, rows, false), true, false);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const plans = await this.#plan(trx, rows, true);
        if (plans.some((p) => p.report.problems.length)) return report(plans, false, false);
        const now = this.clock.now();
        for (const plan of plans) await this.#write(trx, actor, plan, now);
        return report(plans, false, true);
      });
    } catch (error) {
      // Another writer created one of the file's slugs between the check and the write.
      const e = error as { code?: string; constraint?: string };
      if (e.code === "23505" && /^workouts_(pkey|slug_key)$/.test(e.constraint ?? ""))
        throw conflict("Another workout took one of the file's slugs meanwhile: nothing was imported. Try again.");
      throw error;
    }
  }

  async #plan(db: Db, rows: ReadRow[], lock: boolean): Promise<Plan[]> {
    const now = this.clock.now();
    const vocabulary = await loadVocabulary(db);
    const slugs = [...new Set(rows.map((r) => r.values.slug).filter((s): s is string => typeof s === "string"))];
    const existing = await this.#current(db, slugs, lock);
    const firstLine = new Map<string, ReadRow>();

    return rows.map((row) => {
      const problems = [...row.problems];
      const values = row.values;
      const slug = typeof values.slug === "string" && values.slug ? values.slug : null;
      const plan: Plan = { row, report: { index: row.index, line: row.line, slug, action: null, problems } };
      if (slug === null) {
        problems.unshift({ field: "slug", message: "slug should not be empty" });
        return plan;
      }
      const first = firstLine.get(slug);
      if (first)
        problems.push({
          field: "slug",
          message: `The slug "${slug}" is already on ${first.line !== null ? `line ${first.line}` : `row ${first.index + 1}`} of this file.`,
        });
      else firstLine.set(slug, row);

      const match = existing.bySlug.get(slug);
      if (!match && existing.ids.has(slug)) problems.push({ field: "slug", message: slugTaken(slug) });
      const fields = this.#fields(values, match, vocabulary, problems);
      const state = releaseState(values, match, now, problems);
      plan.current = match;
      plan.fields = fields;
      plan.state = state;
      plan.report.action = !match ? "create" : sameWorkout(match, fields, state) ? "unchanged" : "update";
      return plan;
    });
  }

  /** The row's fields over the workout's current ones (a new workout's defaults), checked as the console checks. */
  #fields(
    values: ReadRow["values"],
    current: Current | undefined,
    vocabulary: Vocabulary,
    problems: RowProblem[],
  ): WorkoutFields {
    const base: Partial<WorkoutFields> = current?.fields ?? {
      description: "",
      type: "workout",
      level: "",
      pacing: "",
      equipment: [],
      focus: [],
      benefits: [],
      strain: [],
      poster_url: "",
      breakdown: [],
      trainer_ids: [],
      category_ids: [],
      collection_ids: [],
    };
    const given: Record<string, unknown> = {};
    for (const key of [
      "slug",
      "name",
      "description",
      "type",
      "level",
      "pacing",
      "video_minutes",
      "equipment",
      "focus",
      "benefits",
      "strain",
      "poster_url",
      "breakdown",
    ] as const)
      if (key in values) given[key] = values[key];
    const references = [
      ["trainers", "trainer_ids", vocabulary.trainers, "trainer"],
      ["categories", "category_ids", vocabulary.categories, "category"],
      ["collections", "collection_ids", vocabulary.collections, "collection"],
    ] as const;
    // Checked by the console's rules with the slugs standing in for ids; resolved after.
    for (const [column, field] of references) if (column in values) given[field] = values[column];
    const candidate = { ...base, ...given };
    for (const p of workoutFieldProblems(candidate)) {
      // A matched workout keeps its slug: the seeded catalogue's predate the console's slug rule.
      if (current && p.field === "slug") continue;
      const field = p.field in FILE_NAMES ? FILE_NAMES[p.field]! : p.field;
      problems.push({ field, message: p.field in FILE_NAMES ? p.message.replace(p.field, field) : p.message });
    }
    const fields = candidate as WorkoutFields;
    for (const [column, field, known, what] of references) {
      const slugs = given[field];
      if (!Array.isArray(slugs)) continue;
      const ids: string[] = [];
      for (const s of slugs) {
        const id = typeof s === "string" ? known.get(s) : undefined;
        if (id) ids.push(id);
        else if (typeof s === "string") problems.push({ field: column, message: `Unknown ${what} "${s}".` });
      }
      fields[field] = ids;
    }
    return fields;
  }

  /**
   * The matched workouts, by slug (locked for the import's transaction), and every id a new slug may not take. Read
   * in a few queries whatever the file's size; the fields as AdminWorkoutsService.get answers them.
   */
  async #current(db: Db, slugs: string[], lock: boolean) {
    const bySlug = new Map<string, Current>();
    const ids = new Set<string>();
    if (!slugs.length) return { bySlug, ids };
    let query = db
      .selectFrom("workouts")
      .selectAll()
      .where((eb) => eb.or([eb("slug", "in", slugs), eb("id", "in", slugs)]))
      .orderBy("id");
    if (lock) query = query.forUpdate();
    const rows = await query.execute();
    for (const row of rows) ids.add(row.id);
    const wanted = new Set(slugs);
    const matched = rows.filter((r) => wanted.has(r.slug));
    if (!matched.length) return { bySlug, ids };
    const matchedIds = matched.map((r) => r.id);
    const [trainers, categories, collections] = await Promise.all([
      db
        .selectFrom("workout_trainers")
        .select(["workout_id", "trainer_id as id"])
        .where("workout_id", "in", matchedIds)
        .orderBy("workout_id")
        .orderBy("position")
        .execute(),
      db
        .selectFrom("workout_category_links")
        .select(["workout_id", "category_id as id"])
        .where("workout_id", "in", matchedIds)
        .orderBy("category_id")
        .execute(),
      db
        .selectFrom("workout_collections")
        .select(["workout_id", "collection_id as id"])
        .where("workout_id", "in", matchedIds)
        .orderBy("collection_id")
        .execute(),
    ]);
    const linksOf = (links: { workout_id: string; id: string }[]) => {
      const map = new Map<string, string[]>();
      for (const l of links) map.set(l.workout_id, [...(map.get(l.workout_id) ?? []), l.id]);
      return (id: string) => map.get(id) ?? [];
    };
    const [trainersOf, categoriesOf, collectionsOf] = [linksOf(trainers), linksOf(categories), linksOf(collections)];
    for (const w of matched)
      bySlug.set(w.slug, {
        id: w.id,
        fields: {
          name: w.name,
          slug: w.slug,
          description: w.description,
          type: w.type,
          level: w.level,
          pacing: w.pacing,
          video_minutes: w.duration,
          equipment: w.equipment,
          focus: w.focus,
          benefits: w.benefits,
          strain: w.strain ?? [],
          poster_url: w.poster_url,
          breakdown: w.breakdown,
          trainer_ids: trainersOf(w.id),
          category_ids: categoriesOf(w.id),
          collection_ids: collectionsOf(w.id),
        },
        status: w.status,
        release_at: w.release_at,
        release_zone: w.release_zone,
        start_date: w.start_date,
      });
    return { bySlug, ids };
  }

  async #write(trx: Db, actor: Actor, plan: Plan, now: Date) {
    const { fields, state, current, report: r } = plan;
    if (r.action === "unchanged" || !fields || !state) return;
    const id = current?.id ?? fields.slug;
    const before = current ? await this.#workouts.get(id, trx) : null;
    if (current) {
      await trx
        .updateTable("workouts")
        .set({ ...columns(fields), ...state, updated_at: now })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("workout_trainers").where("workout_id", "=", id).execute();
      await trx.deleteFrom("workout_category_links").where("workout_id", "=", id).execute();
      await trx.deleteFrom("workout_collections").where("workout_id", "=", id).execute();
    } else
      await trx
        .insertInto("workouts")
        .values({ id, ...columns(fields), ...state, created_at: now, updated_at: now })
        .execute();
    await writeLinks(trx, id, fields);
    const after = await this.#workouts.get(id, trx);
    await recordAudit(trx, actor, now, {
      action: "workout.import",
      record: { type: "workout", id },
      before: before ? snapshot(before) : null,
      after: snapshot(after),
    });
  }
}

function report(plans: Plan[], dryRun: boolean, imported: boolean): ImportReport {
  const rows = plans.map((p) => p.report);
  const count = (action: RowAction) => rows.filter((r) => r.action === action && !r.problems.length).length;
  return {
    dry_run: dryRun,
    imported,
    rows,
    summary: {
      rows: rows.length,
      create: count("create"),
      update: count("update"),
      unchanged: count("unchanged"),
      problems: rows.filter((r) => r.problems.length).length,
    },
  };
}

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const [trainers, categories, collections] = await Promise.all([
    db.selectFrom("trainers").select(["id", "slug"]).execute(),
    db.selectFrom("workout_categories").select(["id", "slug"]).execute(),
    db.selectFrom("collections").select(["id", "slug"]).execute(),
  ]);
  const map = (rows: { id: string; slug: string }[]) => new Map(rows.map((r) => [r.slug, r.id]));
  return { trainers: map(trainers), categories: map(categories), collections: map(collections) };
}

function pickFields(w: WorkoutFields): WorkoutFields {
  return {
    name: w.name,
    slug: w.slug,
    description: w.description,
    type: w.type,
    level: w.level,
    pacing: w.pacing,
    video_minutes: w.video_minutes,
    equipment: w.equipment,
    focus: w.focus,
    benefits: w.benefits,
    strain: w.strain,
    poster_url: w.poster_url,
    breakdown: w.breakdown,
    trainer_ids: w.trainer_ids,
    category_ids: w.category_ids,
    collection_ids: w.collection_ids,
  };
}

/** When members see it released: a scheduled workout's release, a released one's date; none for a draft. */
function releaseOf(w: {
  status: WorkoutStatus;
  release_at: Date | null;
  release_zone: string | null;
  start_date: Date;
}) {
  const at = w.status === "draft" ? null : w.status === "scheduled" ? w.release_at : w.start_date;
  if (!at) return null;
  return w.release_zone && validZone(w.release_zone) ? isoInZone(at, w.release_zone) : at.toISOString();
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A release written in the file: with an offset (or Z), or as a wall time read in the row's zone. */
function readInstant(text: string, zone: string | null, problems: RowProblem[]): Date | undefined {
  const m = WALL_TIME.exec(text);
  const field = "release_at";
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = (m?.slice(1, 7) ?? []).map((v) =>
    v ? Number(v) : 0,
  );
  const exists =
    m &&
    month >= 1 &&
    month <= 12 &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  if (!exists) {
    problems.push({
      field,
      message: `release_at "${text}" is not a date and time: write it as 2027-03-01T09:00 (read in release_zone) or with an offset, 2027-03-01T09:00:00-06:00.`,
    });
    return undefined;
  }
  if (m[7]) return new Date(text.replace(" ", "T"));
  if (!zone) {
    problems.push({ field, message: "release_at has no offset: give release_zone, the time zone it is read in." });
    return undefined;
  }
  return validZone(zone) ? instantOfWallTime(text.replace(" ", "T"), zone) : undefined;
}

/**
 * The state a row asks for, held to the console's rules: moves only along the console's actions; a scheduled
 * release needs a zone and a time to come; a draft has no release; a published workout's release date stays.
 */
function releaseState(
  values: ReadRow["values"],
  current: Current | undefined,
  now: Date,
  problems: RowProblem[],
): State | undefined {
  const before = problems.length;
  const statusValue = values.status;
  let status: WorkoutStatus;
  if (statusValue === undefined || statusValue === "" || statusValue === null) status = current?.status ?? "draft";
  else if (typeof statusValue === "string" && (WORKOUT_STATUSES as readonly string[]).includes(statusValue))
    status = statusValue as WorkoutStatus;
  else {
    problems.push({
      field: "status",
      message: `status must be one of the following values: ${WORKOUT_STATUSES.join(", ")}`,
    });
    return undefined;
  }
  const text = (key: "release_at" | "release_zone") => {
    const v = values[key];
    if (v === undefined) return undefined;
    if (v === null || v === "") return null;
    if (typeof v === "string") return v;
    problems.push({ field: key, message: `${key} must be a string` });
    return null;
  };
  const givenZone = text("release_zone");
  const givenAt = text("release_at");
  const zone = givenZone === undefined ? (current?.release_zone ?? null) : givenZone;
  if (zone && !validZone(zone)) problems.push({ field: "release_zone", message: `Unknown time zone "${zone}".` });
  // undefined: the column is not in the file, or its value could not be read (a problem says so).
  const at = givenAt ? readInstant(givenAt, zone, problems) : givenAt === null ? null : undefined;
  const unreadable = !!givenAt && at === undefined;

  if (current && current.status !== status && !MOVES[current.status].includes(status))
    problems.push({
      field: "status",
      message: `This workout is ${current.status} and cannot become ${status}: ${MOVE_HINT[current.status]}.`,
    });

  let state: State | undefined;
  if (status === "draft") {
    if (givenAt || givenZone)
      problems.push({
        field: givenAt ? "release_at" : "release_zone",
        message: "A draft has no release: leave release_at and release_zone empty, or make it scheduled.",
      });
    state = { status, release_at: null, release_zone: null, start_date: current?.start_date ?? now };
  } else if (status === "scheduled") {
    const kept = current?.status === "scheduled" ? current.release_at : null;
    const release = givenAt === undefined ? kept : (at ?? null);
    if (unreadable) {
      // said already
    } else if (!release)
      problems.push({ field: "release_at", message: "A scheduled workout needs release_at, when it is released." });
    else if (!zone)
      problems.push({
        field: "release_zone",
        message: "A scheduled workout needs release_zone, the time zone of its release (e.g. America/Chicago).",
      });
    else {
      if (release.getTime() !== kept?.getTime() && release.getTime() <= now.getTime())
        problems.push({ field: "release_at", message: "The release time is in the past: choose a later time." });
      state = { status, release_at: release, release_zone: zone, start_date: current?.start_date ?? now };
    }
  } else if (current && (current.status === "published" || current.status === "archived")) {
    // Released already: its release date and zone stay as they are.
    if (
      (at && at.getTime() !== current.start_date.getTime()) ||
      (givenZone !== undefined && givenZone !== current.release_zone)
    )
      problems.push({
        field: "release_at",
        message: `This workout was released on ${current.start_date.toISOString()}; a released workout's date stays.`,
      });
    state = {
      status,
      release_at: current.release_at,
      release_zone: current.release_zone,
      start_date: current.start_date,
    };
  } else {
    const release = at ?? now;
    if (release.getTime() > now.getTime())
      problems.push({
        field: "release_at",
        message: `A ${status} workout's release is in the future: make it scheduled, or give a date that has passed.`,
      });
    state = { status, release_at: release, release_zone: zone, start_date: release };
  }
  return problems.length > before ? undefined : state;
}

function sameWorkout(current: Current, fields: WorkoutFields, state: State | undefined): boolean {
  if (!state) return false;
  const norm = (f: WorkoutFields) =>
    JSON.stringify({ ...f, category_ids: [...f.category_ids].sort(), collection_ids: [...f.collection_ids].sort() });
  const time = (d: Date | null) => d?.getTime() ?? null;
  return (
    norm(current.fields) === norm(pickFields(fields)) &&
    current.status === state.status &&
    time(current.release_at) === time(state.release_at) &&
    current.release_zone === state.release_zone &&
    time(current.start_date) === time(state.start_date)
  );
}
