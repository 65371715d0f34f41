import { describe, expect, it } from "vitest";
import { DEFAULT_READER_FONT, isReaderFont, isTheme, READER_FONTS, THEMES } from "./preferences.js";

describe("reading preferences", () => {
  it("know each theme and each reader font, and nothing else", () => {
    expect(THEMES.every(isTheme)).toBe(true);
    expect(READER_FONTS.every(isReaderFont)).toBe(true);
    for (const other of ["", "system", "roboto", "Comic Sans", null, undefined, 3]) {
      expect(isTheme(other)).toBe(false);
      expect(isReaderFont(other)).toBe(false);
    }
  });

  it("read in Roboto unless the reader chose another font", () => {
    expect(DEFAULT_READER_FONT).toBe("Roboto");
    expect(READER_FONTS).toContain(DEFAULT_READER_FONT);
  });
});
