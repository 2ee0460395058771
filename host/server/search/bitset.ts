/** Fixed-size bitsets over document numbers: the filter and facet engine of the search index. */

/** Which words of a set a count against it reads (`Bitset.wordsToRead`); null: all of them. */
export type WordsToRead = { occupied: Int32Array } | { gaps: Int32Array } | null;
export class Bitset {
  readonly words: Uint32Array;
  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    const tail = size & 31;
    if (tail) b.words[b.words.length - 1] = (1 << tail) - 1;
    return b;
  }

  set(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  and(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! & other.words[i]!;
    return new Bitset(this.size, out);
  }

  or(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! | other.words[i]!;
    return new Bitset(this.size, out);
  }

  /** Members of this set not in `other`. */
  andNot(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! & ~other.words[i]!;
    return new Bitset(this.size, out);
  }

  /** Members of `universe` not in this set. */
  not(universe: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = ~this.words[i]! & universe.words[i]!;
    return new Bitset(this.size, out);
  }

  count(): number {
    let n = 0;
    for (let i = 0; i < this.words.length; i++) n += popcount(this.words[i]!);
    return n;
  }

  /**
   * The words a count against this set needs to read, found in one pass: a narrow set's occupied words, when at most
   * half are (`countAndAt`); else a broad set's gaps, the words where it lacks members of `universe`, when at most half
   * are (`countAndNotAt`); else null: read them all.
   */
  wordsToRead(universe: Bitset): WordsToRead {
    const words = this.words;
    const all = universe.words;
    let occupied = 0;
    let gaps = 0;
    for (let i = 0; i < words.length; i++) {
      if (words[i]) occupied++;
      if (all[i]! & ~words[i]!) gaps++;
    }
    if (occupied * 2 <= words.length) {
      const out = new Int32Array(occupied);
      for (let i = 0, k = 0; i < words.length; i++) if (words[i]) out[k++] = i;
      return { occupied: out };
    }
    if (gaps * 2 <= words.length) {
      const out = new Int32Array(gaps);
      for (let i = 0, k = 0; i < words.length; i++) if (all[i]! & ~words[i]!) out[k++] = i;
      return { gaps: out };
    }
    return null;
  }

  /** |this ∩ other| reading only the words `at` lists (this set's occupied words). */
  countAndAt(other: Bitset, at: Int32Array): number {
    let n = 0;
    for (let k = 0; k < at.length; k++) {
      const i = at[k]!;
      const w = this.words[i]! & other.words[i]!;
      if (w) n += popcount(w);
    }
    return n;
  }

  /** |this \ other| reading only the words `at` lists (where `other` lacks members this set may have). */
  countAndNotAt(other: Bitset, at: Int32Array): number {
    const words = this.words;
    const others = other.words;
    let n = 0;
    for (let k = 0; k < at.length; k++) {
      const i = at[k]!;
      const w = words[i]! & ~others[i]!;
      if (w) n += popcount(w);
    }
    return n;
  }

  /** |this ∩ other| without allocating. */
  countAnd(other: Bitset): number {
    let n = 0;
    for (let i = 0; i < this.words.length; i++) {
      const w = this.words[i]! & other.words[i]!;
      if (w) n += popcount(w);
    }
    return n;
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
