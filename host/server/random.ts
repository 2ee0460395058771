/** Deterministic randomness: demo data and artwork come out the same on every machine and every run. */

/** mulberry32: a tiny seeded PRNG, good enough for demo data and fully reproducible. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const count = Math.min(items.length, min + int(max - min + 1));
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count) out.push(pool.splice(int(pool.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, some };
}
export type Random = ReturnType<typeof createRandom>;
