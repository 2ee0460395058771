// The slice of `@preact/signals-core` the shared core and the widgets use (signal, computed, effect, batch,
// untracked, Signal, peek, subscribe), at a third of its size. The widget builds resolve "@preact/signals-core" to
// this file (widgets/rollup.widgets.mjs); the hosted app and the unit tests run the real package, and
// tests/unit/widget-reactive.test.ts holds both to the same behaviour.
//
// Dirty flags are pushed, values pulled: a write marks the computeds downstream dirty and queues the effects, which
// run when the outermost batch ends; a computed recomputes only when read. A computed subscribes to its sources only
// while something subscribes to it, so one that nothing watches any more (a widget unmounted) can be collected; an
// unwatched computed recomputes when any signal was written since it last ran. Effects keep signals-core's shape
// (`S()` starts tracking and returns its end, `c()` is what a change calls, `d()` disposes), which
// widgets/ui/signals.ts drives.

interface Target {
  /** Something it read changed. */
  n(): void;
  /** What it read last run. */
  s: Set<Source>;
}
type Source = Signal<unknown>;

let reader: Target | undefined;
let depth = 0;
let queue: Effect[] = [];
/** Bumped by every write: an unwatched computed is stale when it differs from the one it last ran at. */
let writes = 0;

/** Ends a batch; the outermost runs the queued effects (still inside it, so their writes queue behind them). */
function end() {
  if (depth > 1) return void depth--;
  let failure: unknown;
  let failed = false;
  try {
    while (queue.length) {
      const run = queue;
      queue = [];
      for (const e of run) {
        e.q = false;
        try {
          if (!e.x) e.c();
        } catch (error) {
          if (!failed) {
            failed = true;
            failure = error;
          }
        }
      }
    }
  } finally {
    depth--;
  }
  if (failed) throw failure;
}

export function batch<T>(fn: () => T): T {
  depth++;
  try {
    return fn();
  } finally {
    end();
  }
}

export function untracked<T>(fn: () => T): T {
  const previous = reader;
  reader = undefined;
  try {
    return fn();
  } finally {
    reader = previous;
  }
}

export class Signal<T = unknown> {
  /** Who reads it (signals-core's "targets"). */
  t = new Set<Target>();
  constructor(public v: T) {}

  /** Records a read by the current computed or effect. */
  r() {
    if (reader && !reader.s.has(this as Source)) {
      reader.s.add(this as Source);
      if (!(reader instanceof Computed) || reader.t.size) this.w(reader);
    }
  }
  /** Subscribes a target. */
  w(target: Target) {
    this.t.add(target);
  }
  /** Unsubscribes a target. */
  u(target: Target) {
    this.t.delete(target);
  }

  get value(): T {
    this.r();
    return this.v;
  }
  set value(value: T) {
    if (Object.is(value, this.v)) return;
    this.v = value;
    writes++;
    depth++;
    try {
      for (const target of [...this.t]) target.n();
    } finally {
      end();
    }
  }
  peek(): T {
    return this.v;
  }
  subscribe(fn: (value: T) => void): () => void {
    return effect(() => {
      const value = this.value;
      untracked(() => fn(value));
    });
  }
}

class Computed<T> extends Signal<T> implements Target {
  s = new Set<Source>();
  /** Needs to run again; `e` holds what it threw, `at` the write count it ran at. */
  d = true;
  e: unknown;
  at = -1;
  constructor(private f: () => T) {
    super(undefined as T);
  }
  n() {
    if (this.d) return;
    this.d = true;
    for (const target of [...this.t]) target.n();
  }
  override w(target: Target) {
    // Watched from now on: follow its sources, and run again if something was written while nobody watched.
    if (!this.t.size) {
      for (const source of this.s) source.w(this);
      if (this.at !== writes) this.d = true;
    }
    super.w(target);
  }
  override u(target: Target) {
    super.u(target);
    if (!this.t.size) for (const source of this.s) source.u(this);
  }
  override peek(): T {
    if (this.d || (!this.t.size && this.at !== writes)) {
      const watched = this.t.size > 0;
      for (const source of this.s) if (watched) source.u(this);
      this.s.clear();
      const previous = reader;
      reader = this;
      try {
        this.v = this.f();
        this.e = undefined;
      } catch (error) {
        this.e = error ?? new Error("computed threw");
      } finally {
        reader = previous;
        this.d = false;
        this.at = writes;
      }
    }
    if (this.e) throw this.e;
    return this.v;
  }
  override get value(): T {
    this.r();
    return this.peek();
  }
}

class Effect implements Target {
  s = new Set<Source>();
  /** Queued; disposed. */
  q = false;
  x = false;
  private k?: () => void;
  constructor(private f: (this: Effect) => unknown) {}
  n() {
    if (!this.q) {
      this.q = true;
      queue.push(this);
    }
  }
  /** Starts tracking from scratch; the returned function ends it. */
  S(): () => void {
    this.o();
    const previous = reader;
    reader = this;
    return () => {
      reader = previous;
    };
  }
  /** Forgets its sources. */
  o() {
    for (const source of this.s) source.u(this);
    this.s.clear();
  }
  c() {
    this.k?.();
    this.k = undefined;
    const stop = this.S();
    depth++;
    try {
      const cleanup = this.f();
      if (typeof cleanup === "function") this.k = cleanup as () => void;
    } finally {
      stop();
      end();
    }
  }
  d() {
    this.x = true;
    this.o();
    this.k?.();
    this.k = undefined;
  }
}

export const signal = <T>(value: T) => new Signal(value);
export const computed = <T>(fn: () => T) => new Computed(fn);

export function effect(fn: (this: Effect) => unknown): () => void {
  const e = new Effect(fn);
  try {
    e.c();
  } catch (error) {
    e.d();
    throw error;
  }
  return () => e.d();
}
