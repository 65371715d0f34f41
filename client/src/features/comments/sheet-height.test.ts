import { describe, expect, it } from "vitest";
import { clampSheetHeight, draggedSheetHeight } from "./sheet-height";

describe("mobile comment sheet height (30–95% of the viewport)", () => {
  it("keeps a height inside 30–95%", () => {
    expect(clampSheetHeight(10)).toBe(30);
    expect(clampSheetHeight(30)).toBe(30);
    expect(clampSheetHeight(62.5)).toBe(62.5);
    expect(clampSheetHeight(95)).toBe(95);
    expect(clampSheetHeight(120)).toBe(95);
  });

  it("falls back to the 80% default for a height that is not a number", () => {
    expect(clampSheetHeight(Number.NaN)).toBe(80);
  });

  it("grows when the handle is dragged up and shrinks when dragged down", () => {
    // 800 px viewport: 80 px is 10% of it.
    expect(draggedSheetHeight(80, 500, 420, 800)).toBe(90);
    expect(draggedSheetHeight(80, 500, 580, 800)).toBe(70);
  });

  it("stops at the limits however far the handle goes", () => {
    expect(draggedSheetHeight(80, 700, 0, 800)).toBe(95);
    expect(draggedSheetHeight(80, 100, 800, 800)).toBe(30);
  });
});
