import { describe, expect, it } from "vitest";
import {
  createAuth,
  createRefreshLock,
  isExpired,
  readTokens,
  TOKEN_KEYS,
  tokenExpiry,
  writeTokens,
} from "../../src/auth/index.js";
import { memoryStorage } from "../../src/store/index.js";

const jwt = (exp: number) => `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ exp })).replace(/=+$/, "")}.s`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("token storage under the spec's keys (spec §3)", () => {
  it("writes web-root, tokens, id and refresh, and reads them back", () => {
    const s = memoryStorage();
    writeTokens(s, { access: "a", id: "i", refresh: "r" });
    expect(JSON.parse(s.getItem("web-root")!)).toEqual({ tokens: { access: "a", id: "i", refresh: "r" } });
    expect(JSON.parse(s.getItem("tokens")!)).toEqual({ access: "a", id: "i", refresh: "r" });
    expect([s.getItem("id"), s.getItem("refresh")]).toEqual(["i", "r"]);
    expect(readTokens(s)).toEqual({ access: "a", id: "i", refresh: "r" });
  });
  it("falls back to web-root, then to the bare id and refresh entries", () => {
    const s = memoryStorage();
    s.setItem("web-root", JSON.stringify({ tokens: { access: "a", refresh: "r" } }));
    expect(readTokens(s)).toEqual({ access: "a", id: "a", refresh: "r" });
    const t = memoryStorage();
    t.setItem("id", "i");
    t.setItem("refresh", "r");
    expect(readTokens(t)).toEqual({ access: "", id: "i", refresh: "r" });
  });
  it("reads no session without a refresh token, or from garbage", () => {
    const s = memoryStorage();
    expect(readTokens(s)).toBeNull();
    s.setItem("tokens", "{not json");
    expect(readTokens(s)).toBeNull();
  });
  it("clears every key on logout", () => {
    const s = memoryStorage();
    writeTokens(s, { access: "a", id: "i", refresh: "r" });
    writeTokens(s, null);
    expect(TOKEN_KEYS.map((k) => s.getItem(k))).toEqual([null, null, null, null]);
  });
});

describe("token expiry", () => {
  it("decodes exp and treats unreadable or nearly expired tokens as expired", () => {
    expect(tokenExpiry(jwt(100))).toBe(100_000);
    expect(tokenExpiry("garbage")).toBeUndefined();
    expect(isExpired(jwt(inSeconds(600)))).toBe(false);
    expect(isExpired(jwt(inSeconds(5)))).toBe(true);
    expect(isExpired("garbage")).toBe(true);
  });
});

describe("auth state", () => {
  const fresh = () => ({ token: jwt(inSeconds(900)), refreshToken: `r${Math.random()}` });

  it("reads the tokens at start and follows storage events from other tabs", () => {
    const storage = memoryStorage();
    writeTokens(storage, { access: "a", id: "a", refresh: "r" });
    const events = new EventTarget();
    const auth = createAuth({ storage, events, lock: (t) => t(), refresh: async () => fresh() });
    expect(auth.signedIn.value).toBe(true);
    writeTokens(storage, null);
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "unrelated" }));
    expect(auth.signedIn.value).toBe(true);
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "tokens" }));
    expect(auth.signedIn.value).toBe(false);
    writeTokens(storage, { access: "b", id: "b", refresh: "r2" });
    events.dispatchEvent(Object.assign(new Event("storage"), { key: null }));
    expect(auth.tokens.value?.access).toBe("b");
    auth.dispose();
    writeTokens(storage, null);
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "tokens" }));
    expect(auth.signedIn.value).toBe(true);
  });

  it("listens to window storage events by default", () => {
    const storage = memoryStorage();
    const auth = createAuth({ storage, lock: (t) => t(), refresh: async () => fresh() });
    writeTokens(storage, { access: "a", id: "a", refresh: "r" });
    window.dispatchEvent(new StorageEvent("storage", { key: "refresh" }));
    expect(auth.signedIn.value).toBe(true);
    auth.dispose();
  });

  it("refreshes once per page however many calls want a token", async () => {
    const storage = memoryStorage();
    writeTokens(storage, { access: jwt(inSeconds(-1)), id: "", refresh: "r" });
    let refreshes = 0;
    const auth = createAuth({
      storage,
      lock: (t) => t(),
      refresh: async () => (refreshes++, await sleep(20), fresh()),
    });
    const tokens = await Promise.all([auth.accessToken(), auth.accessToken(), auth.accessToken()]);
    expect(refreshes).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(await auth.accessToken()).toBe(tokens[0]);
    expect(refreshes).toBe(1);
  });

  it("uses the tokens another tab refreshed while it waited for the lock", async () => {
    const storage = memoryStorage();
    const expired = jwt(inSeconds(-1));
    writeTokens(storage, { access: expired, id: "", refresh: "r" });
    let refreshes = 0;
    const other = { token: jwt(inSeconds(800)), refreshToken: "r-other" };
    // The lock is held by "another tab", which refreshes and stores its result before releasing.
    const lock = async <T>(task: () => Promise<T>) => {
      writeTokens(storage, { access: other.token, id: other.token, refresh: other.refreshToken });
      return task();
    };
    const auth = createAuth({ storage, lock, refresh: async () => (refreshes++, fresh()) });
    await expect(auth.accessToken()).resolves.toBe(other.token);
    expect(refreshes).toBe(0);
  });

  it("answers undefined (signed out) without a refresh token", async () => {
    const auth = createAuth({ storage: memoryStorage(), lock: (t) => t(), refresh: async () => fresh() });
    await expect(auth.accessToken()).resolves.toBeUndefined();
    await expect(auth.refreshAfterRejection("x")).resolves.toBeUndefined();
  });

  it("keeps a new pair and logs out everywhere", () => {
    const storage = memoryStorage();
    const auth = createAuth({ storage, lock: (t) => t(), refresh: async () => fresh() });
    auth.setTokens({ token: "t", refreshToken: "r" });
    expect(readTokens(storage)).toEqual({ access: "t", id: "t", refresh: "r" });
    auth.logout();
    expect(readTokens(storage)).toBeNull();
    expect(auth.signedIn.value).toBe(false);
  });
});

describe("cross-tab refresh lock", () => {
  it("uses Web Locks when the browser has them", async () => {
    const names: string[] = [];
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => (names.push(name), task()),
    } as unknown as LockManager;
    await expect(createRefreshLock({ locks })(async () => 5)).resolves.toBe(5);
    expect(names).toEqual(["fitkit.token-refresh"]);
  });

  it("falls back to a BroadcastChannel: a second tab waits for the first to finish", async () => {
    const tabA = createRefreshLock({ channel: BroadcastChannel });
    const tabB = createRefreshLock({ channel: BroadcastChannel });
    const order: string[] = [];
    const a = tabA(async () => {
      order.push("a start");
      await sleep(250);
      order.push("a end");
    });
    await sleep(50);
    await tabB(async () => void order.push("b"));
    await a;
    expect(order).toEqual(["a start", "a end", "b"]);
  });

  it("runs directly when neither is available", async () => {
    await expect(createRefreshLock({ channel: undefined })(async () => "ran")).resolves.toBe("ran");
  });
});
