import { describe, expect, it, vi } from "vitest";
import * as real from "@preact/signals-core";
import * as small from "../../widgets/ui/reactive.js";

/**
 * The widget bundles run widgets/ui/reactive.ts where the hosted app and these tests run @preact/signals-core: every
 * behaviour the core and the widgets rely on is asserted against both, so the two cannot drift apart.
 */
type Lib = Pick<typeof real, "signal" | "computed" | "effect" | "batch" | "untracked" | "Signal">;
const libraries: [string, Lib][] = [
  ["@preact/signals-core", real],
  ["widgets/ui/reactive", small as unknown as Lib],
];

describe.each(libraries)("reactive core: %s", (_name, { signal, computed, effect, batch, untracked, Signal }) => {
  it("reads, writes and peeks a signal; equal writes notify nobody", () => {
    const count = signal(1);
    const seen: number[] = [];
    const stop = effect(() => void seen.push(count.value));
    count.value = 2;
    count.value = 2;
    expect(count.peek()).toBe(2);
    expect(seen).toEqual([1, 2]);
    stop();
    count.value = 3;
    expect(seen).toEqual([1, 2]);
    expect(count instanceof Signal).toBe(true);
  });

  it("computes lazily, caches, and recomputes only after a source changed", () => {
    const a = signal(2);
    const fn = vi.fn(() => a.value * 10);
    const times = computed(fn);
    expect(fn).not.toHaveBeenCalled();
    expect(times.value).toBe(20);
    expect(times.value).toBe(20);
    expect(fn).toHaveBeenCalledTimes(1);
    a.value = 3;
    expect(times.peek()).toBe(30);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("keeps a watched computed current through chains, and an unwatched one current when read", () => {
    const first = signal("Ada");
    const last = signal("Lovelace");
    const full = computed(() => `${first.value} ${last.value}`);
    const loud = computed(() => full.value.toUpperCase());
    expect(loud.value).toBe("ADA LOVELACE");
    last.value = "Byron";
    expect(loud.value).toBe("ADA BYRON");

    const seen: string[] = [];
    const stop = effect(() => void seen.push(loud.value));
    first.value = "Lord";
    stop();
    first.value = "Lady";
    expect(seen).toEqual(["ADA BYRON", "LORD BYRON"]);
    expect(loud.value).toBe("LADY BYRON");
  });

  it("runs effects once per batch, after it, with the last values", () => {
    const a = signal(1);
    const b = signal(1);
    const seen: number[] = [];
    effect(() => void seen.push(a.value + b.value));
    const result = batch(() => {
      a.value = 10;
      b.value = 20;
      expect(seen).toEqual([2]);
      return "done";
    });
    expect(result).toBe("done");
    expect(seen).toEqual([2, 30]);
  });

  it("follows only what an effect read on its last run, and runs its cleanup before the next run and on dispose", () => {
    const useA = signal(true);
    const a = signal("a");
    const b = signal("b");
    const log: string[] = [];
    const stop = effect(() => {
      const value = useA.value ? a.value : b.value;
      log.push(value);
      return () => log.push(`cleanup ${value}`);
    });
    b.value = "b2";
    expect(log).toEqual(["a"]);
    useA.value = false;
    a.value = "a2";
    expect(log).toEqual(["a", "cleanup a", "b2"]);
    stop();
    expect(log.at(-1)).toBe("cleanup b2");
  });

  it("lets an effect write signals, whose effects then run too", () => {
    const source = signal(1);
    const doubled = signal(0);
    const seen: number[] = [];
    effect(() => void (doubled.value = source.value * 2));
    effect(() => void seen.push(doubled.value));
    source.value = 5;
    expect(seen).toEqual([2, 10]);
  });

  it("reads without tracking inside untracked() and peek()", () => {
    const tracked = signal(1);
    const quiet = signal(1);
    const runs = vi.fn();
    effect(() => {
      runs(tracked.value + untracked(() => quiet.value) + quiet.peek());
    });
    quiet.value = 2;
    expect(runs).toHaveBeenCalledTimes(1);
    tracked.value = 2;
    expect(runs).toHaveBeenLastCalledWith(6);
  });

  it("subscribes with the current value first and stops when unsubscribed", () => {
    const name = signal("a");
    const seen: string[] = [];
    const unsubscribe = name.subscribe((value) => seen.push(value));
    name.value = "b";
    unsubscribe();
    name.value = "c";
    expect(seen).toEqual(["a", "b"]);
  });

  it("rethrows what a computed threw on every read until a source changes", () => {
    const fail = signal(true);
    const risky = computed(() => {
      if (fail.value) throw new Error("nope");
      return "fine";
    });
    expect(() => risky.value).toThrow("nope");
    expect(() => risky.value).toThrow("nope");
    fail.value = false;
    expect(risky.value).toBe("fine");
  });

  it("still runs the other effects of a batch when one throws, then throws its error", () => {
    const a = signal(0);
    const seen: number[] = [];
    effect(() => {
      if (a.value === 1) throw new Error("boom");
    });
    effect(() => void seen.push(a.value));
    expect(() => (a.value = 1)).toThrow("boom");
    expect(seen).toEqual([0, 1]);
  });

  it("runs an effect whose source changes during its own batch flush again, not in a loop", () => {
    const a = signal(0);
    const runs = vi.fn();
    effect(() => {
      runs(a.value);
      if (a.value < 3) a.value++;
    });
    expect(runs.mock.calls.map(([v]) => v)).toEqual([0, 1, 2, 3]);
  });
});

describe("widgets/ui/reactive memory", () => {
  it("lets a computed nobody watches any more leave its sources' subscriber lists", () => {
    const source = small.signal(1) as unknown as { t: Set<unknown> };
    const derived = small.computed(() => (source as unknown as small.Signal<number>).value + 1);
    const stop = small.effect(() => void derived.value);
    expect(source.t.size).toBe(1);
    stop();
    expect(source.t.size).toBe(0);
    expect(derived.value).toBe(2);
    expect(source.t.size).toBe(0);
  });
});
