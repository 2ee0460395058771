/**
 * The current search index of a server process. Built from the database at start (or on the first search, see
 * `buildAtStart`), rebuilt whenever the catalogue changes: the catalogue tables' triggers
 * `pg_notify('fitkit_catalogue')`, which reaches every process listening on the same PostgreSQL and, on PGlite, this
 * process's own listener (db/listen.ts).
 * Searches during a rebuild keep using the previous snapshot. Beside an embedded database on disk, the catalogue each
 * build read is saved under its version, and the next start reads that copy while the version is unchanged
 * (catalogue-copy.ts).
 * The "popular" sort counts members' plays and completions: read fresh with every build (never from the copy) and
 * again every POPULARITY_REFRESH_MS, replacing only that order in the current snapshot.
 */
import { join } from "node:path";
import { sql } from "kysely";
import type { DatabaseHandle, Db } from "../db/index.js";
import { listen } from "../db/listen.js";
import { IntervalJob } from "../jobs/interval-job.js";
import { readWorkouts, WORKOUTS_READER_MODULE } from "../services/catalogue-workouts.js";
import { catalogueCopies, type Catalogue, type CatalogueCopies } from "./catalogue-copy.js";
import { CatalogueIndex, type Popularity, type SeriesMembership } from "./catalogue-index.js";

const CATALOGUE_CHANNEL = "fitkit_catalogue";
/** Notifications arriving within this window share one rebuild (a seed or an import touches many rows). */
const DEBOUNCE_MS = 30;
/** Where, in the embedded database's folder, the catalogue the index was built from is saved (catalogue-copy.ts). */
const COPY_FOLDER = "fitkit-search";
/** How often the popularity order follows members' activity between catalogue changes. */
const POPULARITY_REFRESH_MS = 10 * 60_000;

export interface LiveIndex {
  /** The current snapshot, waiting for (or starting) the first build if needed. */
  get(): Promise<CatalogueIndex>;
  /** True once a snapshot exists (the /health readiness check). */
  ready(): boolean;
  /** Builds a fresh snapshot now (also what a notification triggers). */
  rebuild(): Promise<CatalogueIndex>;
  /** Re-reads plays and completions into the current snapshot's popularity order now (also done periodically). */
  refreshPopularity(): Promise<void>;
  close(): Promise<void>;
}

async function loadSeries(db: Db): Promise<SeriesMembership[]> {
  const rows = await db
    .selectFrom("series as s")
    .leftJoin("series_items as i", "i.series_id", "s.id")
    .select(["s.id", "s.slug", "i.workout_id"])
    .orderBy("s.id")
    .orderBy("i.position")
    .execute();
  const out = new Map<string, SeriesMembership>();
  for (const r of rows) {
    const s = out.get(r.id) ?? { id: r.id, slug: r.slug, workoutIds: [] };
    if (r.workout_id) s.workoutIds.push(r.workout_id);
    out.set(r.id, s);
  }
  return [...out.values()];
}

/** Per workout, the members who completed it and the members who played it (started a session), over all time. */
async function readPopularity(db: Db): Promise<Popularity> {
  const rows = await db
    .selectFrom("workout_sessions")
    .select([
      "workout_id",
      sql<string>`count(distinct user_id) filter (where is_complete)`.as("completed"),
      sql<string>`count(distinct user_id)`.as("played"),
    ])
    .groupBy("workout_id")
    .execute();
  return new Map(rows.map((r) => [r.workout_id, { completed: Number(r.completed), played: Number(r.played) }]));
}

interface CatalogueRead {
  catalogue: Catalogue;
  /** Its version (migration 080); null if the database has none, and then no copy is read or saved. */
  version: string | null;
  /** Whether it came from the saved copy of that version (so there is nothing to save). */
  fromCopy: boolean;
}

/** The catalogue at one moment: its version and, from the copy of that version if there is one, else the tables. */
async function readCatalogue(db: Db, copies: CatalogueCopies | null): Promise<CatalogueRead> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const row = await trx.selectFrom("catalogue_version").select("version").executeTakeFirst();
      const version = row?.version ?? null;
      const copy = version && copies ? await copies.read(version) : null;
      if (copy) return { catalogue: copy, version, fromCopy: true };
      const workouts = await readWorkouts(trx);
      const archived = await trx.selectFrom("workouts").select("id").where("status", "=", "archived").execute();
      return {
        catalogue: { workouts, series: await loadSeries(trx), archived: archived.map((a) => a.id) },
        version,
        fromCopy: false,
      };
    });
}

export function createLiveIndex(
  database: DatabaseHandle,
  options: {
    /** Build the first snapshot now (a server's start) rather than on the first `get()`. */
    buildAtStart: boolean;
    onError?: (error: unknown) => void;
  },
): LiveIndex {
  let current: CatalogueIndex | null = null;
  let building: Promise<CatalogueIndex> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  // Beside an embedded database on disk only: PostgreSQL's processes share no folder that is the database's own.
  const copies = database.dataDir
    ? catalogueCopies(join(database.dataDir, COPY_FOLDER), [import.meta.url, WORKOUTS_READER_MODULE])
    : null;
  let saving: Promise<void> | null = null;

  const rebuild = (): Promise<CatalogueIndex> => {
    if (building) {
      again = true;
      return building;
    }
    building = readCatalogue(database.db, copies)
      .then(async (read) => ({ ...read, popularity: await readPopularity(database.db) }))
      .then(({ catalogue, version, fromCopy, popularity }) => {
        current = new CatalogueIndex(catalogue.workouts, catalogue.series, popularity, catalogue.archived);
        // After the index is in use: the copy only speeds up the next start.
        if (copies && version && !fromCopy && !closed)
          saving = Promise.resolve(saving)
            .then(() => copies.save(version, catalogue))
            .catch((e) => options.onError?.(e));
        return current;
      })
      .finally(() => {
        building = null;
        if (again && !closed) {
          again = false;
          void rebuild().catch((e) => options.onError?.(e));
        }
      });
    return building;
  };

  const changed = () => {
    // Built on first use and not used yet: nothing to refresh, the first get() reads the catalogue as it is then.
    if (closed || (!options.buildAtStart && !current && !building)) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      rebuild().catch((e) => options.onError?.(e));
    }, DEBOUNCE_MS);
  };

  // A notification missed while the connection was lost: rebuild once listening again.
  const listening = listen(database, CATALOGUE_CHANNEL, changed, { onError: options.onError, onReconnect: changed });
  if (options.buildAtStart) rebuild().catch((e) => options.onError?.(e));

  const refreshPopularity = async () => {
    const index = current;
    if (!index || closed) return;
    const popularity = await readPopularity(database.db);
    // A build that finished meanwhile read its own, at least as fresh.
    if (current === index) index.setPopularity(popularity);
  };
  const popularityJob = new IntervalJob({
    work: refreshPopularity,
    delay: () => POPULARITY_REFRESH_MS,
    runAtStart: false,
    onError: (e) => options.onError?.(e),
  });
  popularityJob.start();

  return {
    async get() {
      return current ?? building ?? rebuild();
    },
    ready: () => current !== null,
    rebuild,
    refreshPopularity: () => popularityJob.run(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await popularityJob.stop();
      await listening.close();
      await building?.catch(() => {});
      await saving;
    },
  };
}
