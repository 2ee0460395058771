import { afterEach, describe, expect, it } from "vitest";
import {
  ALL_SLICES,
  catalogueSlice,
  createStore,
  createStoreWith,
  getPageStore,
  getSharedStore,
  liveSlice,
  memoryStorage,
  STORE_KEY,
} from "../../src/store/index.js";
import { writeTokens } from "../../src/auth/index.js";

const registry = () => (globalThis as { [STORE_KEY]?: Map<string, unknown[]> })[STORE_KEY];
afterEach(() => registry()?.clear());

describe("page store and slices", () => {
  it("builds a slice on first use, once", () => {
    const store = createStoreWith({ apiBase: "http://a.test", storage: memoryStorage() }, [liveSlice]);
    expect(store.live).toBe(store.live);
  });

  it("registers a slice's needs with it", () => {
    const store = createStoreWith({ apiBase: "http://a.test", storage: memoryStorage() }, [catalogueSlice]);
    expect(store.favourites.ids.value).toEqual([]);
    expect(store.activity.watchedIds.value).toEqual([]);
  });

  it("says which slice is missing instead of failing obscurely", () => {
    const store = createStoreWith({ apiBase: "http://a.test", storage: memoryStorage() }, []);
    // Its type has no membership either: reached the way an untyped caller would.
    expect(() => Reflect.get(store, "membership")).toThrow(/no "membership" slice/);
    expect(store.session.signedIn.value).toBe(false);
  });

  it("lets later bundles add their slices to the page's store", () => {
    const first = getPageStore({ apiBase: "http://b.test/", storage: memoryStorage() }, liveSlice);
    expect(() => Reflect.get(first, "catalogue")).toThrow();
    const second = getPageStore({ apiBase: "http://b.test" }, catalogueSlice);
    expect(second).toBe(first);
    expect(second.catalogue.state.value.sort).toBe("newest");
    const shared = getSharedStore({ apiBase: "http://b.test" });
    expect(shared).toBe(first);
    expect(() => shared.player).not.toThrow();
    expect(registry()!.size).toBe(1);
  });

  it("keeps a store made with another copy of the signals library apart", () => {
    const foreign = { session: { signedIn: { value: false } }, use: () => foreign };
    registry()!.set("http://e.test", [foreign]);
    const store = getPageStore({ apiBase: "http://e.test", storage: memoryStorage() });
    expect(store).not.toBe(foreign);
    const both = registry()!.get("http://e.test")!;
    expect(both).toHaveLength(2);
    expect(both[0]).toBe(foreign);
    expect(both[1]).toBe(store);
    expect(getPageStore({ apiBase: "http://e.test" })).toBe(store);
  });

  it("gives the hosted app every slice", () => {
    const store = createStore({ apiBase: "http://c.test", storage: memoryStorage() });
    expect(ALL_SLICES.map((d) => typeof store[d.name])).toEqual(Array(ALL_SLICES.length).fill("object"));
  });

  it("resets only the slices built so far when the member signs out", () => {
    const storage = memoryStorage();
    writeTokens(storage, { access: "a", id: "a", refresh: "r" });
    const store = createStore({ apiBase: "http://d.test", storage });
    store.favourites.favourites.set({ workouts: ["x"] });
    store.auth.logout();
    expect(store.favourites.ids.value).toEqual([]);
  });
});
