import { READER_FONTS, type ReaderFont, type Theme } from "@storyloom/common";
import { STORAGE_KEYS } from "./storage-keys";
import { readStorage, writeStorage } from "./storage";
import { applyTheme, storeTheme } from "./theme";

// Reading preferences chosen elsewhere than their own control (Settings, or the account's choice
// applied at sign-in; docs/product.md#settings): stored on this device as the controls store them,
// and announced so a mounted theme toggle or reader follows at once.

export const THEME_CHOSEN_EVENT = "storyloom:theme-chosen";
export const READER_FONT_CHOSEN_EVENT = "storyloom:reader-font-chosen";

export function chooseTheme(theme: Theme): void {
  storeTheme(theme);
  applyTheme(theme);
  window.dispatchEvent(new CustomEvent<Theme>(THEME_CHOSEN_EVENT, { detail: theme }));
}

/** The reader's fonts as a font control offers them (the reader's picker and Settings). */
export const READER_FONT_OPTIONS = READER_FONTS.map((font) => ({ value: font, label: font }));

export function chooseReaderFont(font: ReaderFont): void {
  writeStorage(STORAGE_KEYS.storyReaderFont, font);
  window.dispatchEvent(new CustomEvent<ReaderFont>(READER_FONT_CHOSEN_EVENT, { detail: font }));
}

/** The user whose account preferences this browser applied last (once per sign-in of a person). */
export function preferencesAppliedFor(): string | null {
  return readStorage(STORAGE_KEYS.preferencesAppliedFor);
}

export function markPreferencesApplied(userId: string): void {
  writeStorage(STORAGE_KEYS.preferencesAppliedFor, userId);
}
