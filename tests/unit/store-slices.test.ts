// @vitest-environment node
// Slices against a real HTTP server: what a widget would notice (requests made, signals set).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createStore,
  getSharedStore,
  keyedResource,
  memoryStorage,
  STORE_KEY,
  MAIL_REQUEST_KEY,
  type KeyValueStorage,
} from "../../src/store/index.js";
import { writeTokens } from "../../src/auth/index.js";
import { emptyFilters } from "../../src/domain/index.js";
import { contractError, fakeJwt, json, startTestServer, type TestServer } from "./core-http-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const token = () => fakeJwt(Math.floor(Date.now() / 1000) + 600);
const member = () => {
  const storage = memoryStorage();
  writeTokens(storage, { access: token(), id: "", refresh: "r" });
  return storage;
};
const build = (storage: KeyValueStorage = memoryStorage(), events?: EventTarget) =>
  createStore({ apiBase: server.url, storage, lock: (t) => t(), retryDelay: () => 5, events });
const searches = () =>
  server.seen.filter((s) => s.url === "/tsapi/workouts/search").map((s) => s.body as { filters: string; page: number });
const answer = (page = 0, nbPages = 2) => ({
  hits: [{ id: `w${page}` }],
  nbHits: 2,
  page,
  nbPages,
  hitsPerPage: 1,
  facets: { trainer: { Anna: 2 } },
  selected: [],
});

describe("catalogue", () => {
  it("searches only when the request changes (spec §4)", async () => {
    server.on("POST", "/tsapi/workouts/search", (req, res) =>
      json(res, 200, answer((req.body as { page: number }).page)),
    );
    const store = build();
    await store.catalogue.search();
    await store.catalogue.search();
    await store.catalogue.update({ sort: "newest" });
    expect(searches()).toHaveLength(1);
    await store.catalogue.update({ filters: { ...emptyFilters(), trainer: ["Anna"] } });
    expect(searches()).toHaveLength(2);
    expect(searches()[1]!.filters).toContain('trainer:"Anna"');
    expect(store.catalogue.hits.value).toEqual([{ id: "w0" }]);
  });

  it("appends the next page and stops at the last one", async () => {
    server.on("POST", "/tsapi/workouts/search", (req, res) =>
      json(res, 200, answer((req.body as { page: number }).page)),
    );
    const store = build();
    await store.catalogue.search();
    await store.catalogue.loadMore();
    await store.catalogue.loadMore();
    expect(store.catalogue.hits.value).toEqual([{ id: "w0" }, { id: "w1" }]);
    expect(searches().map((s) => s.page)).toEqual([0, 1]);
  });

  it("carries the page size in the state", async () => {
    server.on("POST", "/tsapi/workouts/search", (_, res) => json(res, 200, answer()));
    await build().catalogue.update({ hits: 12 });
    expect(server.seen[0]!.body).toMatchObject({ hits: 12 });
  });

  it("refetches favourites only when the favourite id list changes, and not at all when it is empty", async () => {
    let favourites = ["a"];
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: favourites }));
    server.on("PUT", "/v2/user/attributes/favorites", (req, res) => {
      const body = req.body as { object: { add?: { workouts: string[] }; remove?: { workouts: string[] } } };
      favourites = [
        ...favourites.filter((f) => !body.object.remove?.workouts.includes(f)),
        ...(body.object.add?.workouts ?? []),
      ];
      json(res, 200, { workouts: favourites });
    });
    server.on("POST", "/tsapi/workouts/search", (_, res) => json(res, 200, answer()));
    const store = build(member());
    await store.catalogue.update({ filters: { ...emptyFilters(), favorites: true } });
    await store.catalogue.search();
    expect(searches().map((s) => s.filters)).toEqual(['NOT type:walk AND NOT type:rest AND id:"a"']);
    expect(server.seen.find((s) => s.url === "/tsapi/workouts/search")!.headers.authorization).toMatch(/^Bearer /);
    await store.favourites.toggle.run("b");
    await store.catalogue.search();
    expect(searches().at(-1)!.filters).toContain('(id:"a" OR id:"b")');
    await store.favourites.toggle.run("a");
    await store.favourites.toggle.run("b");
    const before = searches().length;
    await store.catalogue.search();
    expect(searches()).toHaveLength(before);
    expect(store.catalogue.results.data.value?.hits).toEqual([]);
  });

  it("ignores the members-only switches for a visitor (spec §5)", async () => {
    server.on("POST", "/tsapi/workouts/search", (_, res) => json(res, 200, answer()));
    await build().catalogue.update({ filters: { ...emptyFilters(), favorites: true, watched: true } });
    expect(searches()[0]!.filters).toBe("NOT type:walk AND NOT type:rest");
    expect(server.seen[0]!.headers.authorization).toBeUndefined();
  });
});

describe("favourites and hidden collections", () => {
  it("toggles by removing a favourite and adding a new one, keeping the answered list", async () => {
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: ["a"] }));
    server.on("PUT", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: [] }));
    const store = build(member());
    await store.favourites.favourites.load();
    expect(store.favourites.isFavourite("a")).toBe(true);
    await store.favourites.toggle.run("a");
    expect(server.seen.at(-1)!.body).toEqual({ object: { remove: { workouts: ["a"] } } });
    expect(store.favourites.ids.value).toEqual([]);
  });

  it("loads the favourites page again only when the id list changes, unless told not to", async () => {
    let list = ["a"];
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: list }));
    server.on(
      "PUT",
      "/v2/user/attributes/favorites",
      (_, res) => ((list = ["a", "b"]), json(res, 200, { workouts: list })),
    );
    server.on("GET", "/tsapi/workouts/", (req, res) =>
      json(res, 200, {
        items: new URL(req.url, "http://x").searchParams
          .get("ids")!
          .split(",")
          .map((id) => ({ id })),
      }),
    );
    const store = build(member());
    await store.favourites.loadWorkouts();
    await store.favourites.loadWorkouts();
    const pages = () => server.seen.filter((s) => s.url.startsWith("/tsapi/workouts/?"));
    expect(pages()).toHaveLength(1);
    await store.favourites.toggle.run("b");
    await store.favourites.loadWorkouts(false);
    expect(pages()).toHaveLength(1);
    await store.favourites.loadWorkouts();
    expect(pages().map((p) => p.url)).toEqual(["/tsapi/workouts/?ids=a", "/tsapi/workouts/?ids=a,b"]);
  });

  it("answers an empty favourites page without a call when there are no ids (spec §5)", async () => {
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: [] }));
    const store = build(member());
    await expect(store.favourites.loadWorkouts()).resolves.toEqual([]);
    expect(server.seen.map((s) => s.url)).toEqual(["/v2/user/attributes/favorites"]);
  });

  it("hides visible collections and unhides hidden ones in one update", async () => {
    server.on("GET", "/v2/user/attributes/collections_hidden", (_, res) =>
      json(res, 200, { collections_hidden: ["x"] }),
    );
    server.on("PUT", "/v2/user/attributes/collections_hidden", (_, res) =>
      json(res, 200, { collections_hidden: ["y"] }),
    );
    const store = build(member());
    await store.collections.hidden.load();
    await store.collections.toggle.run(["x", "y"]);
    expect(server.seen.at(-1)!.body).toEqual({ add: ["y"], remove: ["x"] });
    expect(store.collections.hiddenIds.value).toEqual(["y"]);
  });
});

describe("live reservations (spec §4, §8)", () => {
  it("reloads the reservations a booking changed before it answers, once shown, and keeps a failure's status", async () => {
    let items: unknown[] = [];
    server.on("GET", "/studios/reservation", (_, res) => json(res, 200, { items }));
    server.on("POST", "/studios/reservation/", (req, res) => {
      if ((req.body as { class_id: string }).class_id === "full") return contractError(res, 400, "Class is full");
      items = [{ id: "r1", status: "pending" }];
      json(res, 200, items[0]);
    });
    const store = build(member());
    const gets = () => server.seen.filter((s) => s.url.startsWith("/studios/reservation") && s.method === "GET");
    // Nothing shows the reservations yet: nothing to reload.
    await store.live.book.run("c1");
    expect(gets()).toHaveLength(0);
    await store.live.reservations.load();
    await store.live.book.run("c2");
    expect(gets()).toHaveLength(2);
    expect(store.live.reservations.data.value).toEqual(items);
    await expect(store.live.book.run("full")).resolves.toBeUndefined();
    expect(gets()).toHaveLength(2);
    expect(store.live.book.error.value).toMatchObject({ status: 400 });
  });
});

describe("what a write invalidates", () => {
  it("reloads a shown keyed resource under its key's prefix, and nothing unwatched or never loaded", async () => {
    let spots = 3;
    server.on("GET", "/studios/live-classes", (_, res) => json(res, 200, { items: [{ spots_left: spots }] }));
    server.on("POST", "/studios/reservation/", (_, res) => (spots--, json(res, 200, { id: "r1" })));
    const store = build(member());
    const classes = keyedResource(store, "live.classes:somewhere", (s) =>
      store.api.request<{ items: unknown[] }>("/studios/live-classes", { signal: s }),
    );
    const elsewhere = keyedResource(store, "series:somewhere", () => Promise.resolve("untouched"));
    await Promise.all([classes.load(), elsewhere.load()]);
    await store.live.book.run("c1");
    expect(classes.data.value).toEqual({ items: [{ spots_left: 2 }] });
    // Unwatched tags and resources never loaded stay as they are.
    await store.invalidate("calendars.mine");
    expect(server.seen.filter((s) => s.method === "GET").map((s) => s.url)).toEqual([
      "/studios/live-classes",
      "/studios/live-classes",
    ]);
  });
});

describe("series (spec §4)", () => {
  it("reads the enrolments once, completed ones too; enrolled means a series not completed; join reloads", async () => {
    const enrolment = (series_id: string, status: string) => ({
      series_id,
      status,
      series_state: { workouts: [] },
      progress_summary: { total_progress: 0, chapter_progress: {} },
    });
    let series: unknown[] = [enrolment("s0", "completed")];
    server.on("GET", "/v2/workouts/series", (_, res) => json(res, 200, { series }));
    server.on("POST", "/v2/workouts/series/enroll", (_, res) => {
      series = [...series, enrolment("s1", "enrolled")];
      json(res, 200, { success: true, series: series[1] });
    });
    const store = build(member());
    expect(store.series.ready.value).toBe(false);
    await store.series.enrollments.load();
    expect([store.series.ready.value, store.series.enrolled.value]).toEqual([true, false]);
    expect(store.series.enrollmentOf("s0")?.status).toBe("completed");
    await store.series.join.run("s1");
    expect(store.series.enrolled.value).toBe(true);
    expect(store.series.active.value?.map((e) => e.series_id)).toEqual(["s1"]);
    expect(server.seen.filter((s) => s.method === "GET").map((s) => s.url)).toEqual([
      "/v2/workouts/series",
      "/v2/workouts/series",
    ]);
  });
});

describe("membership", () => {
  const sub = { subscription_id: "s1", user_id: "u", identifier: "id1", provider: "stripe", state: "active" };

  it("reads a missing subscription (404) as none, not an error", async () => {
    server.on("GET", "/v2/subscriptions/subs", (_, res) => contractError(res, 404, "No subscription"));
    const store = build(member());
    await store.membership.subscription.load();
    expect([store.membership.subscription.status.value, store.membership.subscription.data.value]).toEqual([
      "success",
      null,
    ]);
  });

  it("applies a coupon, then changes the plan to the chosen period's SKU (spec §4 single-coupon flow)", async () => {
    server.on("GET", "/v2/subscriptions/subs", (_, res) => json(res, 200, sub));
    server.on("GET", "/v2/subscriptions/coupon-codes/FALL", (_, res) =>
      json(res, 200, { code: "FALL", amount: 10, is_active: true, type: "percentage", valid_until: null }),
    );
    server.on("POST", "/v2/subscriptions/subs/coupon-codes", (_, res) => json(res, 200, { results: [] }));
    server.on("PUT", "/v2/subscriptions/subs/plan", (_, res) => json(res, 200, sub));
    const store = build(member());
    await store.membership.subscription.load();
    await store.membership.applyCoupon.run("FALL", "annual");
    expect(store.membership.applyCoupon.status.value).toBe("success");
    const writes = server.seen.filter((s) => s.method !== "GET");
    expect(writes[0]!.body).toEqual({ coupons: [{ provider: "stripe", coupon_code: "FALL", identifier: "id1" }] });
    expect(writes[1]!.body).toEqual({
      subscription_id: "s1",
      user_id: "u",
      identifier: "id1",
      charge_interval_frequency: 12,
      order_interval_frequency: 12,
      order_interval_unit: "month",
      product_id: "12month_trial7",
      sku: "12month_trial7",
      stripe_promo_code: "FALL",
    });
  });

  it("stops at an invalid coupon and lists invalid codes", async () => {
    server.on("GET", "/v2/subscriptions/subs", (_, res) => json(res, 200, sub));
    server.on("GET", "/v2/subscriptions/coupon-codes/OK", (_, res) =>
      json(res, 200, { code: "OK", amount: 5, is_active: true, type: "amount", valid_until: null }),
    );
    const store = build(member());
    await store.membership.subscription.load();
    await store.membership.applyCoupon.run("BAD", "monthly");
    expect(store.membership.applyCoupon.error.value).toMatchObject({ status: 404, message: "Invalid Promo Code" });
    expect(server.seen.some((s) => s.url === "/v2/subscriptions/subs/plan")).toBe(false);
    await expect(store.membership.validateCoupons.run(["OK", "BAD"])).resolves.toEqual({ ok: false, invalid: ["BAD"] });
  });

  it("requires a cancel reason", async () => {
    server.on("GET", "/v2/subscriptions/subs", (_, res) => json(res, 200, sub));
    const store = build(member());
    await store.membership.subscription.load();
    await store.membership.cancel.run("" as never);
    expect(store.membership.cancel.status.value).toBe("error");
    expect(server.seen.filter((s) => s.method === "POST")).toHaveLength(0);
  });

  it("keeps the studio-link address in storage, and clears it when the request fails with the server's data", async () => {
    let ok = true;
    server.on("POST", "/v2/subscriptions/subs/marianatek/email-request/", (_, res) =>
      ok ? json(res, 200, { sent: true }) : contractError(res, 400, "No studio member"),
    );
    const storage = member();
    const store = build(storage);
    await store.membership.requestStudioLink.run("a@b.c");
    expect(storage.getItem(MAIL_REQUEST_KEY)).toBe("a@b.c");
    ok = false;
    await store.membership.requestStudioLink.run("x@y.z");
    expect(storage.getItem(MAIL_REQUEST_KEY)).toBeNull();
    expect(store.membership.mailRequestAddress.value).toBeNull();
    expect(store.membership.requestStudioLink.error.value).toMatchObject({ body: { message: "No studio member" } });
  });
});

describe("session", () => {
  it("signs in, keeps the tokens and loads the claims; signing out forgets member data", async () => {
    const access = token();
    server.on("POST", "/api/auth/sign-in/email", (_, res) =>
      json(res, 200, { success: true, token: access, refreshToken: "r1", user: { id: "u", email: "a@b.c" } }),
    );
    server.on("GET", "/user/v1/attribute/claims", (_, res) =>
      json(res, 200, { sub: "u", entitlements: '["digital"]', is_trial: false }),
    );
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: ["a"] }));
    server.on("POST", "/api/auth/sign-out", (_, res) => json(res, 200, { success: true }));
    const storage = memoryStorage();
    const store = build(storage);
    await store.session.signIn.run({ email: "a@b.c", password: "x" });
    await store.session.claims.load();
    expect([store.session.signedIn.value, store.session.status.value.entitled]).toEqual([true, true]);
    expect(JSON.parse(storage.getItem("tokens")!)).toEqual({ access, id: access, refresh: "r1" });
    await store.favourites.favourites.load();
    await store.session.signOut();
    expect(server.seen.at(-1)).toMatchObject({ url: "/api/auth/sign-out", body: { refreshToken: "r1" } });
    expect([store.session.signedIn.value, store.favourites.ids.value, store.session.claims.data.value]).toEqual([
      false,
      [],
      undefined,
    ]);
  });

  it("follows another tab signing out (storage event)", async () => {
    const storage = member();
    const events = new EventTarget();
    const store = build(storage, events);
    expect(store.session.signedIn.value).toBe(true);
    storage.removeItem("tokens");
    storage.removeItem("web-root");
    storage.removeItem("refresh");
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "tokens" }));
    expect(store.session.signedIn.value).toBe(false);
    store.dispose();
  });

  it("asks for the waiver when the user attribute has none (spec §5)", async () => {
    server.on("GET", "/v2/user/attributes/user", (_, res) => json(res, 200, { closed_captions: true }));
    const store = build(member());
    expect(store.session.waiverRequired.value).toBe(false);
    await store.session.user.load();
    expect(store.session.waiverRequired.value).toBe(true);
  });
});

describe("one store per page", () => {
  it("shares the store across bundles through Symbol.for('fitkit.store'), one per API host", () => {
    const a = getSharedStore({ apiBase: `${server.url}/` });
    const b = getSharedStore({ apiBase: server.url });
    expect(a).toBe(b);
    expect((globalThis as Record<symbol, Map<string, unknown[]>>)[STORE_KEY]!.get(server.url)).toEqual([a]);
    expect(getSharedStore({ apiBase: "http://127.0.0.1:1" })).not.toBe(a);
  });

  it("makes one request when two widgets ask for the same data", async () => {
    server.on(
      "GET",
      "/tsapi/workout_categories",
      (_, res) => void setTimeout(() => json(res, 200, { items: [{ slug: "all" }] }), 30),
    );
    const store = build();
    const [a, b] = await Promise.all([store.catalogue.categories.load(), store.catalogue.categories.load()]);
    expect(a).toEqual([{ slug: "all" }]);
    expect(b).toBe(a);
    expect(server.seen).toHaveLength(1);
  });
});

describe("challenge (spec §5)", () => {
  it("computes progress of the current challenge from the history", async () => {
    server.on("GET", "/v2/workouts/challenges", (_, res) =>
      json(res, 200, {
        items: [
          {
            end_time: "2026-12-31T00:00:00Z",
            workout_target: 2,
            workouts: [{ workout_id: "a", workout_type: "on_demand" }],
            progress: {},
          },
        ],
      }),
    );
    server.on("GET", "/v2/workouts/history", (_, res) =>
      json(res, 200, {
        items: [{ workout_id: "a", is_completed: true, completed_at: "2026-11-01T00:00:00Z", type: "on_demand" }],
        total: 1,
      }),
    );
    const store = build(member());
    expect(store.challenge.progress.value).toBeUndefined();
    await Promise.all([store.challenge.current.load(), store.activity.history.load()]);
    expect(server.seen.find((s) => s.url.startsWith("/v2/workouts/challenges"))!.url).toBe(
      "/v2/workouts/challenges?current=true",
    );
    expect(store.challenge.progress.value).toEqual({ done: 1, onDemand: 1, live: 0, target: 2, complete: false });
  });
});

describe("player", () => {
  it("moves music between idle, playing and paused, and pauses the video while the stations panel is open", () => {
    const { player } = build();
    expect(player.music.value).toBe("idle");
    player.pauseMusic();
    expect(player.music.value).toBe("idle");
    player.playStation("pop");
    player.pauseMusic();
    expect(player.music.value).toBe("paused");
    player.resumeMusic();
    expect(player.music.value).toBe("playing");
    player.videoPlaying.value = true;
    player.openStations();
    expect([player.stationsOpen.value, player.videoPlaying.value]).toEqual([true, false]);
    player.closeStations();
    expect(player.videoPlaying.value).toBe(true);
    player.videoPlaying.value = false;
    player.openStations();
    player.closeStations();
    expect(player.videoPlaying.value).toBe(false);
    player.stopMusic();
    expect([player.music.value, player.station.value]).toEqual(["idle", null]);
  });
});
