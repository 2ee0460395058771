// The shared core (src/) against the real fitkit server over HTTP: the store a widget or the hosted app uses,
// signing in, member calls, token refresh before a call and after a refusal, logout when the refresh is refused,
// and the first-party analytics sink.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore, memoryStorage, type KeyValueStorage, type Store } from "../../src/store/index.js";
import { createAnalytics } from "../../src/analytics/index.js";
import { emptyFilters } from "../../src/domain/index.js";
import { DEMO_PASSWORD } from "../../host/server/db/seed/members.js";
import { startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startTestApp();
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const storeFor = (storage = memoryStorage()) =>
  createStore({
    apiBase: url,
    storage,
    lock: (task) => task(),
    now: () => t.clock.now().getTime(),
    retryDelay: () => 5,
  });

async function signedIn(email = "member@demo.fitkit.dev"): Promise<{ store: Store; storage: KeyValueStorage }> {
  const storage = memoryStorage();
  const store = storeFor(storage);
  await store.session.signIn.run({ email, password: DEMO_PASSWORD });
  expect(store.session.signIn.status.value).toBe("success");
  return { store, storage };
}

describe("the core against the fitkit server", () => {
  it("searches the library as a visitor", async () => {
    const store = storeFor();
    await store.catalogue.update({ filters: { ...emptyFilters(), length: ["16-25"] }, hits: 5 });
    const r = store.catalogue.results.data.value!;
    expect(store.catalogue.results.status.value).toBe("success");
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.every((w) => w.video.duration >= 930 && w.video.duration <= 1530)).toBe(true);
    expect(r.hits.every((w) => w.type === "workout")).toBe(true);
  });

  it("signs a member in, reads claims and favourites, and toggles one", async () => {
    const { store } = await signedIn();
    await store.session.claims.load();
    expect(store.session.status.value.entitled).toBe(true);
    await store.favourites.favourites.load();
    const before = store.favourites.ids.value;
    await store.catalogue.search();
    const id = store.catalogue.hits.value.find((w) => !before.includes(w.id))!.id;
    await store.favourites.toggle.run(id);
    expect(store.favourites.ids.value).toContain(id);
    await store.favourites.toggle.run(id);
    expect(store.favourites.ids.value).not.toContain(id);
  });

  it("maps a failed booking to its HTTP status", async () => {
    const { store } = await signedIn();
    await store.live.book.run("no-such-class");
    expect(store.live.book.error.value).toMatchObject({ name: "ApiError", method: "POST", status: 404 });
  });

  it("refreshes an expired access token before the call and keeps the rotated pair", async () => {
    const { store, storage } = await signedIn();
    const first = JSON.parse(storage.getItem("tokens")!);
    t.clock.advance(16 * 60_000);
    try {
      await store.favourites.favourites.reload();
      expect(store.favourites.favourites.status.value).toBe("success");
      const now = JSON.parse(storage.getItem("tokens")!);
      expect(now.refresh).not.toBe(first.refresh);
      expect(now.access).not.toBe(first.access);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it("refreshes once and retries when the server refuses a token the client thought valid", async () => {
    const storage = memoryStorage();
    const login = storeFor(storage);
    await login.session.signIn.run({ email: "member@demo.fitkit.dev", password: DEMO_PASSWORD });
    // This client's clock is behind the server's: it sends the token the server has already expired.
    const lagging = createStore({
      apiBase: url,
      storage,
      lock: (task) => task(),
      now: () => t.clock.now().getTime() - 20 * 60_000,
    });
    t.clock.advance(16 * 60_000);
    try {
      await lagging.favourites.favourites.load();
      expect(lagging.favourites.favourites.status.value).toBe("success");
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it("logs out when the server refuses the refresh token", async () => {
    const { store, storage } = await signedIn();
    const stolen = storage.getItem("tokens")!;
    await store.session.signOut();
    const other = memoryStorage();
    other.setItem("tokens", stolen);
    const replay = storeFor(other);
    t.clock.advance(16 * 60_000);
    try {
      await expect(replay.favourites.favourites.load()).resolves.toBeUndefined();
      // Signing out resets every member slice: the favourites are back to idle with no data.
      expect(replay.session.signedIn.value).toBe(false);
      expect([replay.favourites.favourites.status.value, replay.favourites.favourites.data.value]).toEqual([
        "idle",
        undefined,
      ]);
      await expect(replay.api.request("/v2/user/attributes/favorites", { auth: true })).rejects.toMatchObject({
        status: 401,
        message: "Unauthorized",
      });
      expect(other.getItem("tokens")).toBeNull();
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it("sends analytics to the first-party collector once consent is given", async () => {
    const { store } = await signedIn();
    const analytics = createAnalytics({
      api: store.api,
      storage: memoryStorage(),
      session: memoryStorage(),
      batchMs: 5,
    });
    analytics.track("Before Consent");
    await analytics.flush();
    analytics.consent.set(["Essential"]);
    analytics.identify("Member-ID", { email: "Member@Demo.fitkit.dev" });
    analytics.track("CTA Clicked", { cta_name: "join" });
    await analytics.flush();
    analytics.reset();
    const rows = await t.db
      .selectFrom("analytics_events")
      .select(["type", "name", "category", "user_id", "properties"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.name)).not.toContain("Before Consent");
    expect(rows.slice(-2)).toEqual([
      {
        type: "identify",
        name: null,
        category: "Essential",
        user_id: "member-id",
        properties: { email: "member@demo.fitkit.dev", source_app: "Web app" },
      },
      {
        type: "track",
        name: "CTA Clicked",
        category: "Essential",
        user_id: "member-id",
        properties: { cta_name: "join", source_app: "Web app" },
      },
    ]);
  });
});
