import { describe, expect, it } from "vitest";
import { READER_AD_EVERY, readerAdSlotAfter } from "./ad-slots";

describe("where the reader's ad slots go", () => {
  it(`puts one after every ${READER_AD_EVERY}th passage, counted across chapters`, () => {
    const slots = Array.from({ length: 20 }, (_, index) => index).filter((index) =>
      readerAdSlotAfter(index, 20),
    );
    expect(slots).toEqual([4, 9, 14]);
  });

  it("never ends a story with an ad", () => {
    expect(readerAdSlotAfter(READER_AD_EVERY - 1, READER_AD_EVERY)).toBe(false);
    expect(readerAdSlotAfter(READER_AD_EVERY - 1, READER_AD_EVERY + 1)).toBe(true);
  });

  it("puts none in a story shorter than the interval", () => {
    expect(Array.from({ length: 5 }, (_, index) => readerAdSlotAfter(index, 5)).some(Boolean)).toBe(
      false,
    );
  });
});
