// Reading preferences kept with the account (docs/product.md#settings), so they follow the reader
// to another device. The client applies them and offers them as choices; the api checks them
// against these lists.

/** The site's colour themes; none stored means "follow the system". */
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** The reader's fonts; Roboto is the default. */
export const READER_FONTS = [
  "Roboto",
  "Open Sans",
  "Lato",
  "Merriweather",
  "Source Serif Pro",
  "Inter",
] as const;
export type ReaderFont = (typeof READER_FONTS)[number];

export const DEFAULT_READER_FONT: ReaderFont = "Roboto";

export function isReaderFont(value: unknown): value is ReaderFont {
  return typeof value === "string" && (READER_FONTS as readonly string[]).includes(value);
}
