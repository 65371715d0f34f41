// The reader's fonts as the page draws them: the list is @storyloom/common's (the api checks an
// account's choice against it); here, each face's fallback, its loader, and the choice on this device.
import { DEFAULT_READER_FONT, isReaderFont, type ReaderFont } from "@storyloom/common";
import { STORAGE_KEYS } from "../../../lib/storage-keys";
import { readStorage, writeStorage } from "../../../lib/storage";

const FALLBACK_STACK: Record<ReaderFont, string> = {
  // The default face, on every first view: a local face scaled to Roboto's metrics (global.css).
  Roboto: '"Roboto Fallback", sans-serif',
  "Open Sans": "sans-serif",
  Lato: "sans-serif",
  Merriweather: "serif",
  "Source Serif Pro": "serif",
  Inter: "sans-serif",
};

/** Self-hosted faces, each its own chunk, so a face is downloaded only when a reader picks it. */
const FONT_LOADERS: Record<ReaderFont, () => Promise<unknown>> = {
  Roboto: () =>
    Promise.all([import("@fontsource/roboto/400.css"), import("@fontsource/roboto/700.css")]),
  "Open Sans": () =>
    Promise.all([import("@fontsource/open-sans/400.css"), import("@fontsource/open-sans/700.css")]),
  Lato: () => Promise.all([import("@fontsource/lato/400.css"), import("@fontsource/lato/700.css")]),
  Merriweather: () =>
    Promise.all([
      import("@fontsource/merriweather/400.css"),
      import("@fontsource/merriweather/700.css"),
    ]),
  "Source Serif Pro": () =>
    Promise.all([
      import("@fontsource/source-serif-pro/400.css"),
      import("@fontsource/source-serif-pro/700.css"),
    ]),
  // The interface font: main.tsx already loads it.
  Inter: () => Promise.resolve(),
};

export function readStoredReaderFont(): ReaderFont {
  const stored = readStorage(STORAGE_KEYS.storyReaderFont);
  return isReaderFont(stored) ? stored : DEFAULT_READER_FONT;
}

export function storeReaderFont(font: ReaderFont): void {
  writeStorage(STORAGE_KEYS.storyReaderFont, font);
}

export function loadReaderFont(font: ReaderFont): Promise<unknown> {
  return FONT_LOADERS[font]();
}

/** The face's family name where it differs from the choice's (Inter is loaded as a variable face). */
const FAMILY: Partial<Record<ReaderFont, string>> = { Inter: "Inter Variable" };

export function fontFamilyOf(font: ReaderFont): string {
  return `"${FAMILY[font] ?? font}", ${FALLBACK_STACK[font]}`;
}
