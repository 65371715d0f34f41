import { describe, expect, it } from "vitest";
import { cutAtMarks } from "./json-marks.js";

describe("cutAtMarks", () => {
  it("gives the text between the marks and each mark's slot, in order", () => {
    const text = JSON.stringify({ a: "MARK:0", b: [1, "MARK:1"], c: "x" });
    const cut = cutAtMarks(text, /"MARK:(\d+)"/g, (match) => Number(match[1]));
    expect(cut.slots).toEqual([0, 1]);
    expect(cut.pieces).toEqual(['{"a":', ',"b":[1,', '],"c":"x"}']);
    // Laid back together with a value at each mark, the text is whole JSON again.
    const laid = cut.pieces.reduce(
      (out, piece, i) => out + (i > 0 ? `${cut.slots[i - 1]! * 10}` : "") + piece,
      "",
    );
    expect(JSON.parse(laid)).toEqual({ a: 0, b: [1, 10], c: "x" });
  });

  it("answers the text whole as one piece when it has no mark", () => {
    expect(cutAtMarks('{"a":1}', /"MARK:(\d+)"/g, () => 0)).toEqual({
      pieces: ['{"a":1}'],
      slots: [],
    });
  });

  it("refuses a pattern that is not global", () => {
    expect(() => cutAtMarks("MARK:0", /MARK:(\d+)/, () => 0)).toThrow(TypeError);
  });
});
