import { describe, expect, it } from "vitest";
import { byteCache } from "../../host/server/byte-cache.js";

describe("the server's byte-bounded LRU cache", () => {
  it("keeps entries within its byte budget, keys included, dropping the least recently used", () => {
    const cache = byteCache<Buffer>(1000, (answer, key) => key.length * 2 + answer.length, 250);
    const answer = Buffer.alloc(200);
    cache.set("a", answer);
    cache.set("b", answer);
    cache.set("c", answer);
    expect(cache.get("a")).toBe(answer); // a is now the most recently used
    cache.set("d", answer);
    cache.set("e", answer);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(answer);
    expect(cache.get("e")).toBe(answer);
    expect(cache.calculatedSize).toBeLessThanOrEqual(1000);
  });

  it("never stores an entry bigger than its entry limit, long keys counted", () => {
    const cache = byteCache<Buffer>(1000, (answer, key) => key.length * 2 + answer.length, 250);
    cache.set("k".repeat(200), Buffer.alloc(10));
    expect(cache.get("k".repeat(200))).toBeUndefined();
    cache.set("x", Buffer.alloc(300));
    expect(cache.get("x")).toBeUndefined();
  });

  it("replaces an entry set again, counting its new size", () => {
    const cache = byteCache<string>(10, (v) => v.length);
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    cache.get("a");
    cache.set("c", "cccc");
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c")]).toEqual(["aaaa", "cccc"]);
    cache.set("a", "aaaaaaaaaa");
    expect([cache.get("a"), cache.get("c"), cache.calculatedSize]).toEqual(["aaaaaaaaaa", undefined, 10]);
    cache.set("huge", "x".repeat(11));
    expect(cache.get("huge")).toBeUndefined();
  });
});
