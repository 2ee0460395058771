/** Deterministic randomness for artwork: the same key always draws the same picture, on any machine. */
import { createRandom } from "../../random.js";

/**
 * FNV-1a over the key's UTF-16 code units, then murmur3's finaliser so every bit depends on every character (plain
 * FNV leaves the low bits, which `% n` reads, poorly mixed for keys that differ only near the start).
 */
export function hashOf(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A seeded random source for one key (`next()` in [0, 1)), plus the helpers the compositions use. */
export function seeded(key: string) {
  const random = createRandom(hashOf(key));
  return {
    ...random,
    /** A number in [min, max). */
    range: (min: number, max: number) => min + random.next() * (max - min),
  };
}
export type Seeded = ReturnType<typeof seeded>;

/** Rounds SVG coordinates to one decimal: shorter sources, identical output. */
export const r1 = (n: number) => Math.round(n * 10) / 10;
