import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres } from "../../host/server/db/index.js";
import { databaseKind, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  // The index as a real server runs it: built at start (the harness's default builds on the first search).
  t = await startTestApp({ config: { searchIndexBuild: "at-start" } });
});
afterAll(() => t.close());

async function nbHits(keywords: string, app = t) {
  return (await app.call("POST", "/tsapi/workouts/search", { body: { keywords, hits: 1 } })).json().nbHits as number;
}

/** Polls until `check` holds: index rebuilds are asynchronous (a notification, then a fresh build). */
async function eventually(check: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition not reached in time");
}

describe("search index lifecycle", () => {
  it("reports itself ready in /health once built", async () => {
    await t.call("POST", "/tsapi/workouts/search", { body: {} });
    const health = (await t.call("GET", "/health")).json();
    expect(health.checks.searchIndex).toBe(true);
  });

  it("rebuilds when the catalogue changes in the database", async () => {
    expect(await nbHits("quokka")).toBe(0);
    await t.db.updateTable("workouts").set({ name: "20 Min Quokka Flow" }).where("id", "=", "wk_0001").execute();
    await eventually(async () => (await nbHits("quokka")) === 1);
    const detail = (await t.call("GET", "/tsapi/workouts/?ids=wk_0001")).json().items[0];
    expect(detail.name).toBe("20 Min Quokka Flow");

    await t.db.deleteFrom("workout_collections").where("workout_id", "=", "wk_0001").execute();
    await eventually(
      async () => (await t.call("GET", "/tsapi/workouts/?ids=wk_0001")).json().items[0].collections.length === 0,
    );
  });

  it("rebuilds when a series' workouts change", async () => {
    const before = (
      await t.call("POST", "/tsapi/workouts/search", {
        body: { seriesWorkoutsParam: "phase-and-function-PHF0921", pagination: "off" },
      })
    ).json();
    const last = Math.max(
      ...(
        await t.db.selectFrom("series_items").select("position").where("series_id", "=", "ser_phf0921").execute()
      ).map((r) => r.position),
    );
    await t.db
      .insertInto("series_items")
      .values({ series_id: "ser_phf0921", workout_id: "wk_sig1", position: last + 1 })
      .execute();
    await eventually(async () => {
      const after = (
        await t.call("POST", "/tsapi/workouts/search", {
          body: { seriesWorkoutsParam: "phase-and-function-PHF0921", pagination: "off" },
        })
      ).json();
      return after.nbHits === before.nbHits + 1;
    });
  });

  it("built on first use: not ready until the first search, which sees the catalogue as it is then", async () => {
    const lazy = await startTestApp({ config: { searchIndexBuild: "on-first-use" } });
    try {
      let health = await lazy.call("GET", "/health");
      expect(health.statusCode).toBe(503);
      expect(health.json().checks.searchIndex).toBe(false);
      await lazy.db.updateTable("workouts").set({ name: "20 Min Okapi Flow" }).where("id", "=", "wk_0003").execute();
      expect(await nbHits("okapi", lazy)).toBe(1);
      health = await lazy.call("GET", "/health");
      expect(health.statusCode).toBe(200);
      expect(health.json().checks.searchIndex).toBe(true);
    } finally {
      await lazy.close();
    }
  });

  it("versions the catalogue: every committed change writes a new version, a rolled-back one leaves it", async () => {
    const version = async () =>
      (await t.db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version;
    const first = await version();
    await t.db.updateTable("trainers").set({ name: "Zoé Laurent" }).where("id", "=", "zzz-none").execute();
    const second = await version();
    expect(second).not.toBe(first);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable("series_items").set({ position: 1 }).where("series_id", "=", "zzz-none").execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await version()).toBe(second);
  });

  it.runIf(databaseKind === "postgres")(
    "rebuilds when another server process on the same PostgreSQL changes the catalogue",
    async () => {
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const other = connectPostgres(url, 2);
      try {
        expect(await nbHits("axolotl")).toBe(0);
        await other.db
          .updateTable("workouts")
          .set({ name: "30 Min Axolotl Sculpt" })
          .where("id", "=", "wk_0002")
          .execute();
        await eventually(async () => (await nbHits("axolotl")) === 1);
      } finally {
        await other.close();
      }
    },
  );
});
