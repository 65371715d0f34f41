import { describe, expect, it } from "vitest";
import { createSeededRandom, Deck, hashString, mixSeeds } from "./seeded-random.js";

describe("hashString", () => {
  it("is stable and spreads near-identical inputs apart", () => {
    expect(hashString("Storyloom")).toBe(hashString("Storyloom"));
    expect(hashString("Storyloom")).not.toBe(hashString("Storyloon"));
    expect(hashString("")).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(hashString("x"))).toBe(true);
  });

  it("mixSeeds depends on order", () => {
    expect(mixSeeds(1, 2)).not.toBe(mixSeeds(2, 1));
    expect(mixSeeds(1, 2)).toBe(mixSeeds(1, 2));
  });
});

describe("createSeededRandom", () => {
  it("repeats its sequence for the same seed", () => {
    const a = createSeededRandom(42);
    const b = createSeededRandom(42);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it("keeps int() within its inclusive bounds and reaches both ends", () => {
    const random = createSeededRandom(7);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(2, 5)));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it("forks independent streams without disturbing the parent", () => {
    const parent = createSeededRandom(9);
    const twin = createSeededRandom(9);
    parent.fork("child").next();
    expect(parent.next()).toBe(twin.next());
    expect(createSeededRandom(9).fork("a").next()).not.toBe(createSeededRandom(9).fork("b").next());
  });

  it("shuffles into a permutation and refuses to pick from nothing", () => {
    const random = createSeededRandom(3);
    expect(random.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(() => random.pick([])).toThrow(RangeError);
  });
});

describe("Deck", () => {
  it("uses every item once per round and never repeats across a round boundary", () => {
    const deck = new Deck(["a", "b", "c", "d"], createSeededRandom(5));
    const draws = Array.from({ length: 40 }, () => deck.draw());
    for (let round = 0; round < 10; round += 1) {
      expect(draws.slice(round * 4, round * 4 + 4).sort()).toEqual(["a", "b", "c", "d"]);
    }
    draws.slice(1).forEach((item, i) => expect(item).not.toBe(draws[i]));
  });
});
