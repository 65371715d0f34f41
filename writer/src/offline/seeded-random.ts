// Deterministic randomness for the offline writer and illustrator. The same input must give the
// same story and the same pictures on every machine and every run, so nothing here may touch
// Math.random, the clock or the locale.

/**
 * A 32-bit hash of a string: FNV-1a over the UTF-16 code units, then a murmur3 finaliser so that
 * inputs differing in one character land far apart (plain FNV clusters similar strings).
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return finalise(hash);
}

/** Combines hashes/numbers into one seed; order matters, so (a, b) and (b, a) differ. */
export function mixSeeds(...parts: number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    hash = finalise(hash ^ Math.imul(part | 0, 0x85ebca6b));
    hash = Math.imul(hash ^ (hash >>> 15), 0xc2b2ae35) + 0x27d4eb2f;
  }
  return finalise(hash);
}

function finalise(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element; the list must not be empty. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent generator; drawing from it does not disturb this one. */
  fork(label: string): SeededRandom;
}

/** mulberry32: tiny, fast and well distributed enough for prose and pictures. */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError("pick from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    fork: (label) => createSeededRandom(mixSeeds(seed, hashString(label))),
  };
}

/**
 * Draws from a list without repeating until every item has been used, then reshuffles. Prose
 * drawn this way avoids the same sentence twice in a row far better than independent picks.
 */
export class Deck<T> {
  private order: T[] = [];
  private last: T | undefined;

  constructor(
    private readonly items: readonly T[],
    private readonly random: SeededRandom,
  ) {
    if (items.length === 0) throw new RangeError("a deck needs at least one item");
  }

  draw(): T {
    if (this.order.length === 0) this.refill();
    this.last = this.order.pop() as T;
    return this.last;
  }

  /** A new round never starts with the item the last round ended on. */
  private refill(): void {
    this.order = this.random.shuffle(this.items);
    const n = this.order.length;
    if (n > 1 && this.order[n - 1] === this.last) {
      [this.order[0], this.order[n - 1]] = [this.order[n - 1] as T, this.order[0] as T];
    }
  }
}
