import { LRUCache } from "lru-cache";

/**
 * The server's one in-memory cache shape: least recently used entries go first once the entries' bytes pass
 * `maxBytes` (the `lru-cache` package with maxSize + sizeCalculation). An entry bigger than `maxEntryBytes` is not
 * kept at all, so one huge answer cannot flush everything else. Used for finished search answers and rendered artwork.
 */
export function byteCache<V extends NonNullable<unknown>>(
  maxBytes: number,
  sizeOf: (value: V, key: string) => number,
  maxEntryBytes = maxBytes,
): LRUCache<string, V> {
  return new LRUCache<string, V>({
    maxSize: Math.floor(maxBytes),
    maxEntrySize: Math.floor(maxEntryBytes),
    // lru-cache wants a positive integer for every entry.
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
  });
}
