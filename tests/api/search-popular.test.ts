import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueIndex } from "../../host/server/search/index.js";
import { playWorkout } from "./activity-fixtures.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * The library's "Most popular" sort (issue 32 item 11): members' real plays and completions order it, completions
 * first; the index follows them when it refreshes (every few minutes, and with every rebuild).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Hit {
  id: string;
  video: { duration: number };
}

async function search(body: Record<string, unknown>) {
  const res = await t.call("POST", "/tsapi/workouts/search", { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ hits: Hit[]; nbHits: number }>();
}

/** Four library workouts nobody has played yet, newest first. */
async function unplayedWorkouts(): Promise<Hit[]> {
  const played = new Set(
    (await t.db.selectFrom("workout_sessions").select("workout_id").distinct().execute()).map((r) => r.workout_id),
  );
  const { hits } = await search({ filters: "NOT type:walk AND NOT type:rest", sort: "newest", hits: 200 });
  return hits.filter((h) => !played.has(h.id)).slice(0, 4);
}

const onlyThese = (hits: Hit[]) => hits.map((h) => `id:"${h.id}"`).join(" OR ");

describe("search: most popular", () => {
  it("orders by members who completed a workout, then by members who played it, then newest", async () => {
    const [a, b, c, d] = await unplayedWorkouts();
    expect(d).toBeDefined();
    const four = [a!, b!, c!, d!];
    const popular = async () =>
      (await search({ filters: onlyThese(four), sort: "popular", hits: 10 })).hits.map((h) => h.id);
    // Nobody has played them: newest first.
    expect(await popular()).toEqual([a!.id, b!.id, c!.id, d!.id]);

    const members = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const complete = (m: { token: string }, w: Hit) => playWorkout(t, m.token, w.id, w.video.duration);
    const start = (m: { token: string }, w: Hit) => playWorkout(t, m.token, w.id, 10);
    // d: completed by two members. c: completed by one, started by two more. b: started by all three, never finished.
    await complete(members[0], d!);
    await complete(members[1], d!);
    await complete(members[0], c!);
    await start(members[1], c!);
    await start(members[2], c!);
    for (const m of members) await start(m, b!);
    // One member completing a workout again and again counts once.
    for (let i = 0; i < 3; i++) expect((await complete(members[2], a!)).is_complete).toBe(true);

    // The index follows the activity when it refreshes, not per play.
    expect(await popular()).toEqual([a!.id, b!.id, c!.id, d!.id]);
    await catalogueIndex(t.app.ctx).refreshPopularity();
    // d (2 completions); then a and c (1 completion each): c was also started by two others; then b (plays only).
    expect(await popular()).toEqual([d!.id, c!.id, a!.id, b!.id]);

    // A rebuild (a catalogue change) reads the activity afresh too.
    await catalogueIndex(t.app.ctx).rebuild();
    expect(await popular()).toEqual([d!.id, c!.id, a!.id, b!.id]);
  });

  it("pages through the whole library in popularity order, and refuses an unknown sort", async () => {
    const all = await search({ filters: "NOT type:walk AND NOT type:rest", sort: "popular", hits: 1000 });
    const paged = [
      ...(await search({ filters: "NOT type:walk AND NOT type:rest", sort: "popular", hits: 25, page: 0 })).hits,
      ...(await search({ filters: "NOT type:walk AND NOT type:rest", sort: "popular", hits: 25, page: 1 })).hits,
    ];
    expect(paged.map((h) => h.id)).toEqual(all.hits.slice(0, 50).map((h) => h.id));
    expect(new Set(all.hits.map((h) => h.id)).size).toBe(all.nbHits);
    expectError(await t.call("POST", "/tsapi/workouts/search", { body: { sort: "random" } }), 400);
  });
});
