/**
 * The catalogue copy an embedded server saves beside its database (search/catalogue-copy.ts): the next start reads it
 * while the catalogue's version is unchanged and its code the same, and never once the catalogue has changed, however
 * it changed.
 * Servers run in-process on a real data folder; PGlite only, as PostgreSQL servers keep no copy.
 */
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../host/server/config.js";
import { connectPglite } from "../../host/server/db/index.js";
import { createServer } from "../../host/server/server.js";
import { databaseKind } from "./harness.js";

/** Several starts of an embedded database on disk, each migrating and seeding: generous for a loaded machine. */
const TIMEOUT_MS = 180_000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), "fitkit-copy-"));
  dirs.push(dir);
  return dir;
}

/** A server on `dir` with its index built (the /health readiness check passes). */
async function start(dir: string): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({ PORT: "0", DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "silent" }),
    searchIndexBuild: "at-start" as const,
  };
  const app = await createServer(config);
  for (;;) {
    const health = await app.inject({ method: "GET", url: "/health" });
    if (health.statusCode === 200) return app;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Runs `check` against a server on `dir`, then stops it (which waits for its copy to be saved). */
async function withServer(dir: string, check: (app: FastifyInstance) => Promise<void>) {
  const app = await start(dir);
  try {
    await check(app);
  } finally {
    await app.close();
  }
}

async function nbHits(app: FastifyInstance, keywords: string) {
  const res = await app.inject({ method: "POST", url: "/tsapi/workouts/search", payload: { keywords, hits: 1 } });
  expect(res.statusCode).toBe(200);
  return res.json().nbHits as number;
}

const copiesIn = (dir: string) => readdirSync(join(dir, "fitkit-search"));

/** Renames workout wk_0001 inside the saved copy only: a search finds the new name only if the copy was read. */
function markCopy(dir: string, name: string) {
  const [file] = copiesIn(dir);
  const path = join(dir, "fitkit-search", file!);
  const copy = JSON.parse(readFileSync(path, "utf8")) as { workouts: { id: string; name: string }[] };
  copy.workouts.find((w) => w.id === "wk_0001")!.name = name;
  writeFileSync(path, JSON.stringify(copy));
}

async function untilTrue(check: () => Promise<boolean> | boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(databaseKind === "pglite")("the search index's catalogue copy", () => {
  it(
    "is saved when the index is built and read by the next start while the catalogue is unchanged",
    async () => {
      const dir = dataDir();
      const first = await start(dir);
      await first.close(); // waits for the copy to be written
      expect(copiesIn(dir)).toHaveLength(1);

      markCopy(dir, "20 Min Copied Okapi Flow");
      await withServer(dir, async (second) => {
        expect(await nbHits(second, "okapi")).toBe(1);
      });
    },
    TIMEOUT_MS,
  );

  it(
    "is ignored once the catalogue changed while no server ran, and replaced by a copy of the new version",
    async () => {
      const dir = dataDir();
      await (await start(dir)).close();
      const [stale] = copiesIn(dir);
      markCopy(dir, "20 Min Copied Okapi Flow");

      const database = await connectPglite({ dataDir: dir });
      await database.db
        .updateTable("workouts")
        .set({ name: "20 Min Quokka Flow" })
        .where("id", "=", "wk_0002")
        .execute();
      await database.close();

      await withServer(dir, async (app) => {
        expect(await nbHits(app, "quokka")).toBe(1);
        expect(await nbHits(app, "okapi")).toBe(0);
      });
      expect(copiesIn(dir)).toHaveLength(1);
      expect(copiesIn(dir)[0]).not.toBe(stale);
    },
    TIMEOUT_MS,
  );

  it(
    "follows a change made while the server runs: the copy is replaced by one of the changed catalogue",
    async () => {
      const dir = dataDir();
      await withServer(dir, async (app) => {
        await untilTrue(() => copiesIn(dir).length === 1);
        const [before] = copiesIn(dir);
        await app.ctx.database.db
          .updateTable("workouts")
          .set({ name: "20 Min Quokka Flow" })
          .where("id", "=", "wk_0002")
          .execute();
        await untilTrue(async () => (await nbHits(app, "quokka")) === 1);
        await untilTrue(() => copiesIn(dir).length === 1 && copiesIn(dir)[0] !== before);
      });

      markCopy(dir, "20 Min Copied Okapi Flow");
      await withServer(dir, async (again) => {
        expect(await nbHits(again, "okapi")).toBe(1);
        expect(await nbHits(again, "quokka")).toBe(1);
      });
    },
    TIMEOUT_MS,
  );

  it(
    "saved by other server code (an upgrade) is not read, and gives way to this code's copy",
    async () => {
      const dir = dataDir();
      await (await start(dir)).close();
      markCopy(dir, "20 Min Copied Okapi Flow");
      const [file] = copiesIn(dir);
      const foreign = file!.replace(/^catalogue-[0-9a-f]+-/, "catalogue-0000000000000000-");
      renameSync(join(dir, "fitkit-search", file!), join(dir, "fitkit-search", foreign));

      await withServer(dir, async (app) => {
        expect(await nbHits(app, "okapi")).toBe(0);
      });
      expect(copiesIn(dir)).toEqual([file]);
    },
    TIMEOUT_MS,
  );

  it(
    "that cannot be read costs only time: the start reads the database",
    async () => {
      const dir = dataDir();
      await (await start(dir)).close();
      const [file] = copiesIn(dir);
      writeFileSync(join(dir, "fitkit-search", file!), '{"workouts": [{"id": "wk_00');

      await withServer(dir, async (app) => {
        expect(await nbHits(app, "")).toBeGreaterThan(100);
      });
      // Saved again, whole, under the same version.
      expect(copiesIn(dir)).toEqual([file]);
      expect(JSON.parse(readFileSync(join(dir, "fitkit-search", file!), "utf8")).workouts.length).toBeGreaterThan(100);
    },
    TIMEOUT_MS,
  );
});
