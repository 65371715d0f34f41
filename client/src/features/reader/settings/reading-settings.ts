// The reader's settings besides the font (./use-reading-settings.ts): the text's size, its line
// spacing and the column's width, each a few steps, remembered on this device.
import { STORAGE_KEYS } from "../../../lib/storage-keys";
import { readStorage, writeStorage } from "../../../lib/storage";

export const TEXT_SIZES = ["small", "medium", "large", "x-large"] as const;
export const LINE_SPACINGS = ["compact", "normal", "relaxed"] as const;
export const COLUMN_WIDTHS = ["narrow", "medium", "wide"] as const;

export type TextSize = (typeof TEXT_SIZES)[number];
export type LineSpacing = (typeof LINE_SPACINGS)[number];
export type ColumnWidth = (typeof COLUMN_WIDTHS)[number];

export interface ReadingLayout {
  size: TextSize;
  spacing: LineSpacing;
  width: ColumnWidth;
}

export const DEFAULT_LAYOUT: ReadingLayout = { size: "medium", spacing: "normal", width: "medium" };

const SIZE_REM: Record<TextSize, string> = {
  small: "1rem",
  medium: "1.125rem",
  large: "1.3125rem",
  "x-large": "1.5rem",
};
const LINE_HEIGHT: Record<LineSpacing, string> = { compact: "1.5", normal: "1.8", relaxed: "2.1" };
const WIDTH_REM: Record<ColumnWidth, string> = { narrow: "36rem", medium: "46rem", wide: "58rem" };

/** The words the Aa menu shows for each step. */
export const LAYOUT_LABELS = {
  size: { small: "Small", medium: "Medium", large: "Large", "x-large": "Extra large" },
  spacing: { compact: "Compact", normal: "Normal", relaxed: "Relaxed" },
  width: { narrow: "Narrow", medium: "Medium", wide: "Wide" },
} as const satisfies {
  size: Record<TextSize, string>;
  spacing: Record<LineSpacing, string>;
  width: Record<ColumnWidth, string>;
};

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The layout as this device remembers it; anything unknown (or unreadable) is the default. */
export function parseLayout(stored: string | null): ReadingLayout {
  if (stored === null) return DEFAULT_LAYOUT;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return DEFAULT_LAYOUT;
  }
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return {
    size: oneOf(TEXT_SIZES, record.size, DEFAULT_LAYOUT.size),
    spacing: oneOf(LINE_SPACINGS, record.spacing, DEFAULT_LAYOUT.spacing),
    width: oneOf(COLUMN_WIDTHS, record.width, DEFAULT_LAYOUT.width),
  };
}

export function readStoredLayout(): ReadingLayout {
  return parseLayout(readStorage(STORAGE_KEYS.readingLayout));
}

export function storeLayout(layout: ReadingLayout): void {
  writeStorage(STORAGE_KEYS.readingLayout, JSON.stringify(layout));
}

/** The custom properties story-page.css draws the text and its column with. */
export function layoutStyle(layout: ReadingLayout): Record<string, string> {
  return {
    "--reader-font-size": SIZE_REM[layout.size],
    "--reader-line-height": LINE_HEIGHT[layout.spacing],
    "--reader-width": WIDTH_REM[layout.width],
  };
}
