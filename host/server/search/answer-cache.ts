/**
 * Finished search answers, keyed by the normalised request, for one index snapshot (a rebuild starts an empty
 * cache). Library traffic is highly repetitive (the first page of each category, the same filter chips), and an
 * answer is a pure function of the request and the snapshot, so a hit skips the search and the serialisation.
 * Bounded by bytes, keys included (a filter can be 64 KB); least recently used answers go first.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, answer: Buffer): void {
    const size = key.length * 2 + answer.length;
    if (size > this.maxBytes / 4 || this.#entries.has(key)) return;
    this.#entries.set(key, answer);
    this.#bytes += size;
    for (const [oldest, value] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= oldest.length * 2 + value.length;
    }
  }
}
