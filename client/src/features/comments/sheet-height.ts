// On screens under 768 px the comment sidebar is a bottom sheet whose height is 30–95% of the
// viewport, 80% by default.
export const SHEET_MIN_PERCENT = 30;
export const SHEET_MAX_PERCENT = 95;
export const SHEET_DEFAULT_PERCENT = 80;
export const DESKTOP_MEDIA_QUERY = "(min-width: 768px)";

export function clampSheetHeight(percent: number): number {
  if (Number.isNaN(percent)) return SHEET_DEFAULT_PERCENT;
  return Math.min(SHEET_MAX_PERCENT, Math.max(SHEET_MIN_PERCENT, percent));
}

/**
 * The sheet's height after the drag handle moved from `startY` to `currentY` (pixels, downwards
 * positive) in a viewport `viewportHeight` pixels tall: dragging up grows the sheet.
 */
export function draggedSheetHeight(
  startPercent: number,
  startY: number,
  currentY: number,
  viewportHeight: number,
): number {
  if (viewportHeight <= 0) return clampSheetHeight(startPercent);
  return clampSheetHeight(startPercent + ((startY - currentY) / viewportHeight) * 100);
}
