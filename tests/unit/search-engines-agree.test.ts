// @vitest-environment node
/**
 * The search bench compares engines only where they answer alike (tests/bench/search-engines.ts): on the demo
 * catalogue, PGlite running the bench's SQL and MiniSearch must give fitkit's index's answer to every query of the mix
 * (ids, totals and facet counts; MiniSearch's keyword order is its own). PostgreSQL runs the same SQL in the bench.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPglite, type DatabaseHandle } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed } from "../../host/server/db/seed/index.js";
import { demoCatalogue } from "../../host/server/db/seed/catalogue.js";
import { seedBenchCatalogue } from "../../host/server/db/seed/catalogue-bench.js";
import { CatalogueIndex } from "../../host/server/search/catalogue-index.js";
import { loadWorkouts, type Workout } from "../../host/server/services/catalogue-workouts.js";
import { disagreement, queryMix } from "../bench/search-mix.js";
import { loadSql, miniSearchEngine, sqlEngine, type Engine } from "../bench/search-engines.js";

const SETUP_TIMEOUT = 180_000;
const CLOCK = { now: () => new Date("2026-11-25T12:00:00Z") };
let workouts: Workout[];
let index: CatalogueIndex;
let engines: Engine[] = [];
let database: DatabaseHandle | undefined;

beforeAll(async () => {
  database = await connectPglite();
  await migrate(database.db);
  await seed(database.db, { clock: CLOCK }, [demoCatalogue]);
  await seedBenchCatalogue(database.db, CLOCK.now(), 1_000);
  workouts = await loadWorkouts(database.db);
  index = new CatalogueIndex(workouts);
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
  const lite = await PGlite.create({ extensions: { pg_trgm, fuzzystrmatch } });
  const client = {
    query: async (text: string, params?: unknown[]) => ({
      rows: (await lite.query<Record<string, unknown>>(text, params)).rows,
    }),
    exec: async (text: string) => void (await lite.exec(text)),
  };
  await loadSql(client, "public", workouts);
  engines = [sqlEngine("PGlite", client, "public", () => lite.close()), miniSearchEngine(workouts)];
}, SETUP_TIMEOUT);

afterAll(async () => {
  for (const e of engines) await e.close();
  await database?.close();
});

describe("the search bench's engines", () => {
  it(
    "answer every query of the mix as fitkit's index does",
    async () => {
      expect(workouts).toHaveLength(1_000);
      const mix = queryMix(workouts.length);
      let nonEmpty = 0;
      for (const [i, q] of mix.entries()) {
        const r = index.search(q.request);
        const expected = { ids: r.hits.map((n) => index.workout(n).id), nbHits: r.nbHits, facets: r.facets as never };
        if (expected.nbHits) nonEmpty++;
        for (const engine of engines) {
          const answer = await engine.search(q.request);
          const diff = disagreement(engine, expected, answer, !!q.request.keywords.trim());
          expect(diff, `${engine.name}, query #${i} (${q.shape}) ${JSON.stringify(q.request)}`).toBeNull();
        }
      }
      // The mix must exercise real answers, not agree on empty ones.
      expect(nonEmpty).toBeGreaterThan(150);
    },
    SETUP_TIMEOUT,
  );

  it("tells a different answer from an equal one", () => {
    const [sql, mini] = engines;
    const answer = { ids: ["a", "b"], nbHits: 2, facets: { type: { workout: 2 } } };
    expect(disagreement(sql!, answer, structuredClone(answer), false)).toBeNull();
    expect(disagreement(sql!, answer, { ...answer, ids: ["b", "a"] }, true)).toMatch(/hits/);
    expect(disagreement(mini!, answer, { ...answer, ids: ["b", "a"] }, true)).toBeNull();
    expect(disagreement(mini!, answer, { ...answer, ids: ["b", "a"] }, false)).toMatch(/hits/);
    expect(disagreement(sql!, answer, { ...answer, nbHits: 3 }, false)).toMatch(/nbHits/);
    expect(disagreement(sql!, answer, { ...answer, facets: { type: { workout: 1 } } }, false)).toMatch(/facet/);
  });
});
