// Reading preferences kept with the account (docs/product.md#settings), so they follow the reader
// to another device. The client applies them; the api checks them against these lists.

/** The site's colour themes; none stored means "follow the system". */
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

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
