import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { createMutation, createResource } from "../../src/store/index.js";

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function controlled<T>() {
  const calls: { args: unknown[]; signal: AbortSignal; d: ReturnType<typeof deferred<T>> }[] = [];
  const fetcher = (signal: AbortSignal, ...args: unknown[]) => {
    const d = deferred<T>();
    calls.push({ args, signal, d });
    return d.promise;
  };
  return { calls, fetcher };
}

describe("resource status machine (spec §4: request → success | error → fulfil)", () => {
  it("goes loading, then success with data, then fulfilled with loading cleared", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const seen: string[] = [];
    effect(() => void seen.push(`${r.status.value}/${r.loading.value}/${r.fulfilled.value}`));
    const p = r.load();
    expect([r.status.value, r.loading.value]).toEqual(["loading", true]);
    calls[0]!.d.resolve("value");
    await expect(p).resolves.toBe("value");
    expect([r.data.value, r.status.value, r.loading.value, r.fulfilled.value, r.error.value]).toEqual([
      "value",
      "success",
      false,
      true,
      undefined,
    ]);
    expect(seen).toEqual(["idle/false/false", "loading/true/false", "success/true/false", "success/false/true"]);
  });

  it("goes error, keeps the previous data, and still fulfils", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const first = r.load("a");
    calls[0]!.d.resolve("old");
    await first;
    const p = r.load("b");
    calls[1]!.d.reject(new Error("down"));
    await expect(p).resolves.toBeUndefined();
    expect([r.status.value, r.loading.value, r.fulfilled.value, r.data.value]).toEqual(["error", false, true, "old"]);
    expect((r.error.value as Error).message).toBe("down");
  });

  it("lets only the latest call commit and aborts the older one", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const a = r.load("a");
    const b = r.load("b");
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.d.resolve("B");
    calls[0]!.d.resolve("A");
    expect(await a).toBeUndefined();
    expect(await b).toBe("B");
    expect(r.data.value).toBe("B");
    expect(r.loading.value).toBe(false);
  });

  it("ignores a late failure of a superseded call", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    void r.load("a");
    const b = r.load("b");
    calls[0]!.d.reject(new DOMException("aborted", "AbortError"));
    calls[1]!.d.resolve("B");
    await b;
    expect([r.status.value, r.error.value]).toEqual(["success", undefined]);
  });

  it("joins an identical load in flight (two subscribers → one request)", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const a = r.load("x");
    const b = r.load("x");
    expect(calls).toHaveLength(1);
    calls[0]!.d.resolve("X");
    expect(await Promise.all([a, b])).toEqual(["X", "X"]);
  });

  it("skips arguments that already succeeded unless reloaded", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const a = r.load("x");
    calls[0]!.d.resolve("X");
    await a;
    await expect(r.load("x")).resolves.toBe("X");
    expect(calls).toHaveLength(1);
    const again = r.reload("x");
    expect(calls).toHaveLength(2);
    calls[1]!.d.resolve("X2");
    await expect(again).resolves.toBe("X2");
  });

  it("reloads afresh instead of joining a load in flight, and gives its caller the fresh answer", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const before = r.load("x");
    const fresh = r.reload("x");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.d.resolve("from before the change");
    calls[1]!.d.resolve("after the change");
    expect(await Promise.all([before, fresh])).toEqual(["after the change", "after the change"]);
    expect(r.data.value).toBe("after the change");
  });

  it("retries arguments whose last load failed", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const a = r.load("x");
    calls[0]!.d.reject(new Error("x"));
    await a;
    void r.load("x");
    expect(calls).toHaveLength(2);
  });

  it("aborts on request, back to its previous state", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const p = r.load();
    r.abort();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect([r.status.value, r.loading.value]).toEqual(["idle", false]);
    calls[0]!.d.resolve("late");
    expect(await p).toBeUndefined();
    expect(r.data.value).toBeUndefined();
  });

  it("resets to idle without data, and accepts local data", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    const p = r.load();
    calls[0]!.d.resolve("v");
    await p;
    r.set("local");
    expect(r.data.value).toBe("local");
    r.reset();
    expect([r.status.value, r.data.value, r.fulfilled.value]).toEqual(["idle", undefined, false]);
    void r.load();
    expect(calls).toHaveLength(2);
  });
  it("refreshes with its last arguments once loaded, and not before or after a reset (a write's invalidation)", async () => {
    const { calls, fetcher } = controlled<string>();
    const r = createResource(fetcher);
    expect(r.refresh()).toBeUndefined();
    const first = r.load("a");
    calls[0]!.d.resolve("a1");
    await first;
    const again = r.refresh();
    expect(calls.map((c) => c.args)).toEqual([["a"], ["a"]]);
    calls[1]!.d.resolve("a2");
    await expect(again).resolves.toBe("a2");
    r.reset();
    expect(r.refresh()).toBeUndefined();
    expect(calls).toHaveLength(2);
  });
});

describe("mutation flags", () => {
  it("goes loading → success with the answer", async () => {
    const d = deferred<number>();
    const m = createMutation((_: string) => d.promise);
    const p = m.run("x");
    expect([m.status.value, m.loading.value]).toEqual(["loading", true]);
    d.resolve(7);
    await expect(p).resolves.toBe(7);
    expect([m.status.value, m.loading.value, m.data.value]).toEqual(["success", false, 7]);
  });

  it("goes loading → error without rejecting, and clears the error on the next run", async () => {
    let fail = true;
    const m = createMutation(async () => {
      if (fail) throw Object.assign(new Error("nope"), { status: 400 });
      return "ok";
    });
    await expect(m.run()).resolves.toBeUndefined();
    expect([m.status.value, m.loading.value]).toEqual(["error", false]);
    expect(m.error.value).toMatchObject({ status: 400 });
    fail = false;
    const p = m.run();
    expect(m.error.value).toBeUndefined();
    await p;
    expect(m.status.value).toBe("success");
  });

  it("lets only the latest run set the flags", async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const queue = [first, second];
    const m = createMutation(() => queue.shift()!.promise);
    const a = m.run();
    const b = m.run();
    second.resolve("second");
    await b;
    first.reject(new Error("late"));
    await a;
    expect([m.status.value, m.data.value, m.error.value]).toEqual(["success", "second", undefined]);
    m.reset();
    expect(m.status.value).toBe("idle");
  });
});
