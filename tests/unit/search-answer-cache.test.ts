import { describe, expect, it } from "vitest";
import { AnswerCache } from "../../host/server/search/answer-cache.js";

describe("search answer cache", () => {
  it("keeps answers within its byte budget, keys included, dropping the least recently used", () => {
    const cache = new AnswerCache(1000);
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
  });

  it("never stores an entry bigger than a quarter of the budget, long keys counted", () => {
    const cache = new AnswerCache(1000);
    cache.set("k".repeat(200), Buffer.alloc(10));
    expect(cache.get("k".repeat(200))).toBeUndefined();
    cache.set("x", Buffer.alloc(300));
    expect(cache.get("x")).toBeUndefined();
  });
});
