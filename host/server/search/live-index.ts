/**
 * The current search index of a server process. Built from the database at start (or on the first search, see
 * `buildAtStart`), rebuilt whenever the catalogue changes: the catalogue tables' triggers
 * `pg_notify('fitkit_catalogue')`, which reaches every process listening on the same PostgreSQL and, on PGlite, this
 * process's own listener (db/listen.ts).
 * Searches during a rebuild keep using the previous snapshot.
 */
import type { DatabaseHandle, Db } from "../db/index.js";
import { listen } from "../db/listen.js";
import { loadWorkouts } from "../services/catalogue-workouts.js";
import { CatalogueIndex, type SeriesMembership } from "./catalogue-index.js";

const CATALOGUE_CHANNEL = "fitkit_catalogue";
/** Notifications arriving within this window share one rebuild (a seed or an import touches many rows). */
const DEBOUNCE_MS = 30;

export interface LiveIndex {
  /** The current snapshot, waiting for (or starting) the first build if needed. */
  get(): Promise<CatalogueIndex>;
  /** True once a snapshot exists (the /health readiness check). */
  ready(): boolean;
  /** Builds a fresh snapshot now (also what a notification triggers). */
  rebuild(): Promise<CatalogueIndex>;
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

async function buildIndex(db: Db): Promise<CatalogueIndex> {
  const [workouts, series] = await Promise.all([loadWorkouts(db), loadSeries(db)]);
  return new CatalogueIndex(workouts, series);
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

  const rebuild = (): Promise<CatalogueIndex> => {
    if (building) {
      again = true;
      return building;
    }
    building = buildIndex(database.db)
      .then((index) => {
        current = index;
        return index;
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

  return {
    async get() {
      return current ?? building ?? rebuild();
    },
    ready: () => current !== null,
    rebuild,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await listening.close();
      await building?.catch(() => {});
    },
  };
}
