// @vitest-environment node
// The client against a real HTTP server (faults injected server-side; fetch is Node's own).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ApiError,
  createApiClient,
  getSubscription,
  getWorkout,
  searchWorkouts,
  bookClass,
  getFavourites,
  getReservationCalendar,
  type TokenSource,
} from "../../src/api/index.js";
import { call } from "../../src/api/client.js";
import { createAuth, readTokens, TOKEN_KEYS, writeTokens } from "../../src/auth/index.js";
import { memoryStorage, type KeyValueStorage } from "../../src/store/index.js";
import { emptyFilters, searchRequest } from "../../src/domain/index.js";
import { contractError, fakeJwt, json, startTestServer, type TestServer } from "./core-http-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const fast = (attempt: number) => 10 * 2 ** attempt;
const client = (o: { tokens?: TokenSource; timeout?: number; retryDelay?: (n: number) => number } = {}) =>
  createApiClient({ baseURL: server.url, retryDelay: fast, ...o });
const failWith = (status: number, times: number, then: unknown = { ok: true }) => {
  let n = 0;
  return (_: unknown, res: import("node:http").ServerResponse) =>
    n++ < times ? contractError(res, status, "boom") : json(res, 200, then);
};
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe("retries", () => {
  it("retries a read twice after 5xx, then succeeds", async () => {
    server.on("GET", "/tsapi/workouts/core", failWith(503, 2, { slug: "core" }));
    await expect(getWorkout(client(), "core")).resolves.toEqual({ slug: "core" });
    expect(server.seen).toHaveLength(3);
  });

  it("waits 250 ms, then 500 ms between attempts by default", async () => {
    server.on("GET", "/tsapi/workouts/core", failWith(500, 2));
    await getWorkout(createApiClient({ baseURL: server.url }), "core");
    const [a, b, c] = server.seen.map((s) => s.at);
    expect(b! - a!).toBeGreaterThanOrEqual(240);
    expect(c! - b!).toBeGreaterThanOrEqual(490);
  });

  it("gives up after 2 extra attempts with one ApiError carrying method, url, status and body", async () => {
    server.on("GET", "/tsapi/workouts/core", failWith(500, 10));
    const e = (await getWorkout(client(), "core").catch((x) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.method, e.url, e.status]).toEqual(["GET", `${server.url}/tsapi/workouts/core`, 500]);
    expect(e.body).toEqual({ statusCode: 500, message: "boom", error: "Error" });
    expect(e.message).toBe("boom");
    expect(server.seen).toHaveLength(3);
  });

  it("never retries a 4xx", async () => {
    server.on("GET", "/tsapi/workouts/none", failWith(404, 10));
    await expect(getWorkout(client(), "none")).rejects.toMatchObject({ status: 404 });
    expect(server.seen).toHaveLength(1);
  });

  it("never retries a write", async () => {
    server.on("POST", "/studios/reservation/", failWith(503, 10));
    const tokens: TokenSource = { accessToken: async () => "t", refreshAfterRejection: async () => undefined };
    await expect(bookClass(client({ tokens }), "c1")).rejects.toMatchObject({ status: 503, method: "POST" });
    expect(server.seen).toHaveLength(1);
  });

  it("retries the search, a read sent as POST", async () => {
    server.on("POST", "/tsapi/workouts/search", failWith(502, 1, { hits: [] }));
    await expect(searchWorkouts(client(), searchRequest({ filters: emptyFilters() })!)).resolves.toEqual({ hits: [] });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[0]!.body).toMatchObject({ filters: "NOT type:walk AND NOT type:rest", hits: 50 });
  });

  it("retries a dropped connection and reports status 0 when it keeps failing", async () => {
    server.on("GET", "/tsapi/workouts/core", (_, res) => void res.socket?.destroy());
    await expect(getWorkout(client(), "core")).rejects.toMatchObject({ name: "ApiError", status: 0, method: "GET" });
    expect(server.seen).toHaveLength(3);
  });

  it("times out each attempt and retries", async () => {
    server.on("GET", "/tsapi/workouts/slow", () => undefined);
    const started = Date.now();
    await expect(getWorkout(client({ timeout: 100 }), "slow")).rejects.toMatchObject({ status: 0 });
    expect(server.seen).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("times out each attempt and retries when the caller passes its own signal too (as every store resource does)", async () => {
    server.on("GET", "/tsapi/workouts/slow", () => undefined);
    const controller = new AbortController();
    await expect(getWorkout(client({ timeout: 100 }), "slow", controller.signal)).rejects.toMatchObject({
      name: "ApiError",
      status: 0,
    });
    expect(server.seen).toHaveLength(3);
  });

  it("does not cut a slow answer short by default (8000 ms per attempt)", async () => {
    server.on("GET", "/tsapi/workouts/slow", () => undefined);
    const controller = new AbortController();
    const pending = getWorkout(client(), "slow", controller.signal);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.seen).toHaveLength(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("stops at once when aborted and never retries after an abort", async () => {
    server.on("GET", "/tsapi/workouts/slow", () => undefined);
    const controller = new AbortController();
    const pending = getWorkout(client(), "slow", controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((r) => setTimeout(r, 100));
    expect(server.seen).toHaveLength(1);
  });

  it("does not retry when aborted during the backoff", async () => {
    server.on("GET", "/tsapi/workouts/core", failWith(500, 10));
    const controller = new AbortController();
    const pending = getWorkout(client({ retryDelay: () => 200 }), "core", controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((r) => setTimeout(r, 300));
    expect(server.seen).toHaveLength(1);
  });

  it("retries the subscription fetch 3 times at 1 s (spec §7)", async () => {
    server.on("GET", "/v2/subscriptions/subs", failWith(503, 3, { subscription_id: "s1" }));
    const tokens: TokenSource = { accessToken: async () => "t", refreshAfterRejection: async () => undefined };
    await expect(getSubscription(client({ tokens }))).resolves.toEqual({ subscription_id: "s1" });
    const at = server.seen.map((s) => s.at);
    expect(at).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(990);
  }, 10_000);
});

describe("authorised calls", () => {
  const signedIn = (access: string, refresh = "r1") => {
    const storage = memoryStorage();
    writeTokens(storage, { access, id: access, refresh });
    return storage;
  };
  const authFor = (storage: KeyValueStorage) => {
    const refresher = client();
    return createAuth({
      storage,
      lock: (task) => task(),
      refresh: (refreshToken) =>
        refresher.request("/api/auth/refresh-token", { method: "POST", body: { refreshToken } }),
    });
  };

  it("sends the bearer token and the web device header; public calls send neither", async () => {
    const token = fakeJwt(inSeconds(600));
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: ["a"] }));
    server.on("GET", "/tsapi/workouts/core", (_, res) => json(res, 200, {}));
    const c = client({ tokens: authFor(signedIn(token)) });
    await expect(getFavourites(c)).resolves.toEqual({ workouts: ["a"] });
    await getWorkout(c, "core");
    expect(server.seen[0]!.headers).toMatchObject({ authorization: `Bearer ${token}`, "x-device": "web" });
    expect(server.seen[1]!.headers.authorization).toBeUndefined();
    expect(server.seen[1]!.headers["x-device"]).toBeUndefined();
  });

  it("downloads a member's file (the reservation's iCalendar event) as a Blob, with the bearer token", async () => {
    const token = fakeJwt(inSeconds(600));
    server.on("GET", "/studios/reservation/r%201/calendar.ics", (_, res) => {
      res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end("BEGIN:VCALENDAR\r\n");
    });
    const file = await getReservationCalendar(client({ tokens: authFor(signedIn(token)) }), "r 1");
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe("BEGIN:VCALENDAR\r\n");
    expect(server.seen[0]!.headers).toMatchObject({ authorization: `Bearer ${token}`, "x-device": "web" });
  });

  it("fails with Unauthorized and makes no call when the member is signed out", async () => {
    const e = (await getFavourites(client({ tokens: authFor(memoryStorage()) })).catch((x) => x)) as ApiError;
    expect(e).toMatchObject({ name: "ApiError", status: 401, message: "Unauthorized" });
    expect(server.seen).toHaveLength(0);
  });

  it("refreshes an expired access token before the call, once for concurrent calls", async () => {
    const fresh = fakeJwt(inSeconds(900));
    server.on("POST", "/api/auth/refresh-token", (req, res) =>
      json(res, 200, { token: fresh, refreshToken: `${(req.body as { refreshToken: string }).refreshToken}-next` }),
    );
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: [] }));
    const storage = signedIn(fakeJwt(inSeconds(-60)));
    const c = client({ tokens: authFor(storage) });
    await Promise.all([getFavourites(c), getFavourites(c), getFavourites(c)]);
    expect(server.seen.filter((s) => s.url === "/api/auth/refresh-token")).toHaveLength(1);
    expect(server.seen.filter((s) => s.url.startsWith("/v2/")).map((s) => s.headers.authorization)).toEqual(
      Array(3).fill(`Bearer ${fresh}`),
    );
    expect(readTokens(storage)).toEqual({ access: fresh, id: fresh, refresh: "r1-next" });
  });

  it("refreshes when only the refresh token is stored", async () => {
    const fresh = fakeJwt(inSeconds(900));
    server.on("POST", "/api/auth/refresh-token", (_, res) => json(res, 200, { token: fresh, refreshToken: "r2" }));
    server.on("GET", "/v2/user/attributes/favorites", (_, res) => json(res, 200, { workouts: [] }));
    const storage = memoryStorage();
    storage.setItem("refresh", "r1");
    await getFavourites(client({ tokens: authFor(storage) }));
    expect(server.seen.map((s) => s.url)).toEqual(["/api/auth/refresh-token", "/v2/user/attributes/favorites"]);
  });

  it.each([401, 400])("logs out when the refresh answers %s", async (status) => {
    server.on("POST", "/api/auth/refresh-token", (_, res) => contractError(res, status, "Invalid refresh token"));
    const storage = signedIn(fakeJwt(inSeconds(-60)));
    const auth = authFor(storage);
    await expect(getFavourites(client({ tokens: auth }))).rejects.toMatchObject({
      status: 401,
      message: "Unauthorized",
    });
    expect(auth.signedIn.value).toBe(false);
    for (const key of TOKEN_KEYS) expect(storage.getItem(key)).toBeNull();
    expect(server.seen.map((s) => s.url)).toEqual(["/api/auth/refresh-token"]);
  });

  it("keeps the tokens and fails the call with the refresh's error when the refresh fails otherwise", async () => {
    server.on("POST", "/api/auth/refresh-token", failWith(503, 10));
    const storage = signedIn(fakeJwt(inSeconds(-60)));
    const auth = authFor(storage);
    await expect(getFavourites(client({ tokens: auth }))).rejects.toMatchObject({ status: 503 });
    expect(auth.signedIn.value).toBe(true);
    expect(storage.getItem("refresh")).not.toBeNull();
  });

  it("refreshes once and retries when the server refuses a token that looked valid", async () => {
    const stale = fakeJwt(inSeconds(600), "old");
    const fresh = fakeJwt(inSeconds(900), "new");
    server.on("POST", "/api/auth/refresh-token", (_, res) => json(res, 200, { token: fresh, refreshToken: "r2" }));
    server.on("GET", "/v2/user/attributes/favorites", (req, res) =>
      req.headers.authorization === `Bearer ${fresh}`
        ? json(res, 200, { workouts: ["x"] })
        : contractError(res, 401, "Unauthorized"),
    );
    await expect(getFavourites(client({ tokens: authFor(signedIn(stale)) }))).resolves.toEqual({ workouts: ["x"] });
    expect(server.seen.map((s) => s.url)).toEqual([
      "/v2/user/attributes/favorites",
      "/api/auth/refresh-token",
      "/v2/user/attributes/favorites",
    ]);
  });
});

describe("call: a request as the contract spells it", () => {
  it("fills and encodes each {name} parameter, and sends the method, query and JSON body", async () => {
    server.on("PUT", "/studio-admin/v1/locations/a%2Fb%20c/policy", (req, res) => json(res, 200, req.body));
    const policy = {
      booking_window_days: 7,
      late_cancel_minutes: 60,
      auto_book_cutoff_minutes: 30,
      max_open_bookings: null,
      waitlist_capacity: 5,
    };
    const answer = await call(client(), "put", "/studio-admin/v1/locations/{location}/policy", {
      params: { location: "a/b c" },
      body: policy,
    });
    expect(answer).toEqual(policy);
    expect(server.seen[0]).toMatchObject({ method: "PUT", url: "/studio-admin/v1/locations/a%2Fb%20c/policy" });
  });

  it("sends the query the contract types (arrays repeated, undefined left out)", async () => {
    server.on("GET", "/subscriptions/v1/products", (_, res) => json(res, 200, { items: [] }));
    await call(client(), "get", "/subscriptions/v1/products", { query: { sku: ["a", "b"] } });
    await call(client(), "get", "/studios/waitlist", { query: { location: undefined } }).catch(() => undefined);
    expect(server.seen[0]!.url).toBe("/subscriptions/v1/products?sku=a&sku=b");
    expect(server.seen[1]!.url).toBe("/studios/waitlist");
  });
});
