/** Fixed-size bitsets over document numbers: the filter and facet engine of the search index. */
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

  /** The indexes of the words holding any member, when at most half of them do (else null: scan them all). */
  occupiedWords(): Int32Array | null {
    let n = 0;
    for (let i = 0; i < this.words.length; i++) if (this.words[i]) n++;
    if (n * 2 > this.words.length) return null;
    const out = new Int32Array(n);
    for (let i = 0, k = 0; i < this.words.length; i++) if (this.words[i]) out[k++] = i;
    return out;
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
