/**
 * HTTP caching of API answers (issue 28): public answers carry a validator and a short Cache-Control and answer a
 * client holding them with 304; the schedule's validator follows every change to what it shows (a booking, a staff
 * edit, the clock passing a class's end); a member's answers are never stored.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres } from "../../host/server/db/index.js";
import { databaseKind, startTestApp, type TestApp } from "./harness.js";
import { createClass, DAY, HOUR, MINUTE, signUpMember } from "./studios-fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.call("GET", url, { headers });
/** The answer to a client that holds `etag`. */
const revalidate = (url: string, etag: string, headers: Record<string, string> = {}) =>
  get(url, { "if-none-match": etag, ...headers });

type Page = { items: { id: string; spots_left: number; completed: boolean; description: string }[] };

describe("public answers", () => {
  const catalogue = [
    "/tsapi/locations",
    "/tsapi/locations/chicago",
    "/tsapi/workout_categories",
    "/tsapi/collections",
    "/tsapi/workouts/wk_0001",
    "/tsapi/v2/workout/filters",
    "/tsapi/series",
    "/tsapi/series_overview_page",
    "/tsapi/home_page",
    "/tsapi/carousels",
    "/tsapi/announcementBanner",
    "/tsapi/dynamic_content?filter=faq",
    "/tsapi/content/page",
    "/subscriptions/v1/products",
  ];
  const schedules = ["/studios/class?public=true", "/studios/class?location=chicago&public=true", "/studios/class"];

  it.each([...catalogue, ...schedules])(
    "%s carries a validator and answers a client holding it with 304",
    async (url) => {
      const first = await get(url);
      expect(first.statusCode, first.body).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers["cache-control"]).toBe(
        url.startsWith("/studios/class") ? "public, no-cache" : "public, max-age=60",
      );
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);

      const again = await get(url);
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);

      const held = await revalidate(url, etag);
      expect(held.statusCode).toBe(304);
      expect(held.body).toBe("");
      expect(held.headers.etag).toBe(etag);
      expect(held.headers["cache-control"]).toBe(first.headers["cache-control"]);
      // Among other tags, and as a strong tag (a cache may strip the W/ of a tag it compressed).
      expect((await revalidate(url, `W/"other", ${etag.slice(2)}`)).statusCode).toBe(304);
      expect((await revalidate(url, 'W/"something-else"')).statusCode).toBe(200);
    },
  );

  it("the schedule varies by member token, so no cache gives a visitor's answer to a member", async () => {
    const answer = await get("/studios/class?location=live");
    expect(String(answer.headers.vary)).toMatch(/authorization/i);
  });

  it("an error is never cached", async () => {
    const missing = await get("/tsapi/locations/nowhere");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers["cache-control"]).toBeUndefined();
  });
});

describe("a member's answers", () => {
  it("are private and never stored, the schedule with their links included", async () => {
    const member = await signUpMember(t);
    for (const url of ["/studios/class?location=live", "/studios/reservation", "/user/v1/attribute/claims"]) {
      const answer = await t.call("GET", url, { token: member.token });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("a client holding a visitor's schedule gets the member's, not a 304", async () => {
    const c = await createClass(t, { startsIn: 10 * MINUTE, location: "live" });
    const url = "/studios/class?location=live";
    const visitor = await get(url);
    const member = await signUpMember(t);
    await t.call("POST", "/studios/reservation/", { token: member.token, body: { class_id: c.id } });
    const mine = await t.call("GET", url, {
      token: member.token,
      headers: { "if-none-match": visitor.headers.etag as string },
    });
    expect(mine.statusCode).toBe(200);
    const shown = mine.json<Page>().items.find((i) => i.id === c.id) as unknown as { zoom_link: string };
    expect(shown.zoom_link).toBe(`https://video.example.test/${c.id}`);
  });
});

describe("the schedule's validator", () => {
  const chicago = "/studios/class?location=chicago&public=true";
  const newYork = "/studios/class?location=new-york&public=true";
  const everywhere = "/studios/class?public=true";

  it("changes with a booking in that location, and only there", async () => {
    const c = await createClass(t, { startsIn: DAY, location: "chicago", capacity: 5 });
    const [before, otherBefore, allBefore] = await Promise.all([get(chicago), get(newYork), get(everywhere)]);
    const member = await signUpMember(t);
    const booked = await t.call("POST", "/studios/reservation/", { token: member.token, body: { class_id: c.id } });
    expect(booked.statusCode, booked.body).toBe(200);

    const after = await revalidate(chicago, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Page>().items.find((i) => i.id === c.id)?.spots_left).toBe(4);
    expect((await revalidate(everywhere, allBefore.headers.etag as string)).statusCode).toBe(200);
    // New York's schedule is unchanged: still held.
    expect((await revalidate(newYork, otherBefore.headers.etag as string)).statusCode).toBe(304);
    // And the new answer is held in turn.
    expect((await revalidate(chicago, after.headers.etag as string)).statusCode).toBe(304);

    const cancelled = await t.call("POST", `/studios/reservation/${booked.json().id}/cancel`, { token: member.token });
    expect(cancelled.statusCode).toBe(200);
    const back = await revalidate(chicago, after.headers.etag as string);
    expect(back.statusCode).toBe(200);
    expect(back.json<Page>().items.find((i) => i.id === c.id)?.spots_left).toBe(5);
  });

  it("changes with an edit written straight to the database, as staff would", async () => {
    const c = await createClass(t, { startsIn: DAY, location: "chicago" });
    const before = await get(chicago);
    await t.db.updateTable("live_classes").set({ description: "Bring a towel" }).where("id", "=", c.id).execute();
    const after = await revalidate(chicago, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.json<Page>().items.find((i) => i.id === c.id)?.description).toBe("Bring a towel");
  });

  it("changes with the location's own details and a trainer's name", async () => {
    const c = await createClass(t, { startsIn: DAY, location: "chicago" });
    const before = await get(chicago);
    await t.db.updateTable("locations").set({ address: "1 New Street" }).where("id", "=", "chicago").execute();
    const moved = await revalidate(chicago, before.headers.etag as string);
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain("1 New Street");
    await t.db.updateTable("trainers").set({ name: "Renamed Trainer" }).where("id", "=", c.trainer.id).execute();
    const renamed = await revalidate(chicago, moved.headers.etag as string);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toContain("Renamed Trainer");
  });

  it("changes when the clock ends a class, with nothing written", async () => {
    const c = await createClass(t, { startsIn: HOUR, minutes: 30, location: "live" });
    const url = "/studios/class?location=live&public=true";
    const before = await get(url);
    expect(before.json<Page>().items.find((i) => i.id === c.id)?.completed).toBe(false);
    expect((await revalidate(url, before.headers.etag as string)).statusCode).toBe(304);
    const now = t.clock.now();
    try {
      t.clock.set(c.end.getTime() + MINUTE);
      const ended = await revalidate(url, before.headers.etag as string);
      expect(ended.statusCode).toBe(200);
      expect(ended.json<Page>().items.find((i) => i.id === c.id)?.completed).toBe(true);
    } finally {
      t.clock.set(now);
    }
  });

  it("is the same for the same answer however it is made: in one snapshot, not from a write in flight", async () => {
    const c = await createClass(t, { startsIn: DAY, location: "chicago", capacity: 5 });
    const before = await get(chicago);
    // A booking's transaction has changed the count but not committed: readers still see (and hold) the old answer.
    let release!: () => void;
    let changed!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const written = new Promise<void>((r) => (changed = r));
    const writing = t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("live_classes")
        .set({ booked: sql`booked + 1` })
        .where("id", "=", c.id)
        .execute();
      changed();
      await held;
    });
    await written;
    if (t.database.kind === "postgres") {
      // PGlite runs one transaction at a time: only PostgreSQL can read beside the open one.
      expect((await revalidate(chicago, before.headers.etag as string)).statusCode).toBe(304);
    }
    release();
    await writing;
    const after = await revalidate(chicago, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.json<Page>().items.find((i) => i.id === c.id)?.spots_left).toBe(4);
  });
});

describe("writing the schedule's versions", () => {
  it.runIf(databaseKind === "postgres")(
    "never deadlocks two transactions changing classes of one location in a crossing order",
    async () => {
      // A staff edit touches class A then B; a booking touches B and commits meanwhile. Were the location's version
      // written at each change, the edit would hold it while waiting for B, and the booking would wait for it.
      const [a, b] = [
        await createClass(t, { startsIn: DAY, location: "chicago" }),
        await createClass(t, { startsIn: DAY, location: "chicago" }),
      ];
      const before = await get("/studios/class?location=chicago&public=true");
      const other = connectPostgres(
        (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
        2,
      );
      try {
        let edited!: () => void;
        let booked!: () => void;
        const editStarted = new Promise<void>((r) => (edited = r));
        const bookingWrote = new Promise<void>((r) => (booked = r));
        const edit = t.db.transaction().execute(async (trx) => {
          await trx.updateTable("live_classes").set({ description: "Edited" }).where("id", "=", a.id).execute();
          edited();
          await bookingWrote;
          await trx.updateTable("live_classes").set({ description: "Edited" }).where("id", "=", b.id).execute();
        });
        await editStarted;
        const booking = other.db.transaction().execute(async (trx) => {
          await trx
            .updateTable("live_classes")
            .set({ booked: sql`booked + 1` })
            .where("id", "=", b.id)
            .execute();
          booked();
          // Let the edit reach its wait for class B before this commits.
          await new Promise((r) => setTimeout(r, 200));
        });
        await Promise.all([edit, booking]);
      } finally {
        await other.close();
      }
      const after = await revalidate("/studios/class?location=chicago&public=true", before.headers.etag as string);
      expect(after.statusCode).toBe(200);
      const items = after.json<Page>().items;
      expect(items.find((i) => i.id === b.id)).toMatchObject({ description: "Edited", spots_left: 9 });
    },
  );
});
