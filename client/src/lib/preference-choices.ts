import { READER_FONTS, type ReaderFont, type Theme } from "@storyloom/common";
import { STORAGE_KEYS } from "./storage-keys";
import { readStorage, removeStorage, writeStorage } from "./storage";
import { applyTheme, storeTheme, systemTheme } from "./theme";

// Reading preferences chosen elsewhere than their own control (Settings, or the account's choice
// applied at sign-in; docs/product.md#settings): stored on this device as the controls store them,
// and announced so a mounted theme toggle or reader follows at once.

export const THEME_CHOSEN_EVENT = "storyloom:theme-chosen";
/** The header's toggle was used: a signed-in person's account keeps the choice too. */
export const THEME_TOGGLED_EVENT = "storyloom:theme-toggled";
export const READER_FONT_CHOSEN_EVENT = "storyloom:reader-font-chosen";

export function chooseTheme(theme: Theme): void {
  storeTheme(theme);
  applyTheme(theme);
  window.dispatchEvent(new CustomEvent<Theme>(THEME_CHOSEN_EVENT, { detail: theme }));
}

/** "Same as my device": no choice kept on this device; the system's theme applies. */
export function chooseSystemTheme(): void {
  removeStorage(STORAGE_KEYS.theme);
  const theme = systemTheme();
  applyTheme(theme);
  window.dispatchEvent(new CustomEvent<Theme>(THEME_CHOSEN_EVENT, { detail: theme }));
}

/**
 * The header's toggle: the same one theme setting as Settings' (issue 29 row 12), chosen on this
 * device and, for a signed-in person, kept with the account (AccountPreferencesSync saves it).
 */
export function toggleTheme(theme: Theme): void {
  chooseTheme(theme);
  window.dispatchEvent(new CustomEvent<Theme>(THEME_TOGGLED_EVENT, { detail: theme }));
}

/** The reader's fonts as a font control offers them (the reader's picker and Settings). */
export const READER_FONT_OPTIONS = READER_FONTS.map((font) => ({ value: font, label: font }));

export function chooseReaderFont(font: ReaderFont): void {
  writeStorage(STORAGE_KEYS.storyReaderFont, font);
  window.dispatchEvent(new CustomEvent<ReaderFont>(READER_FONT_CHOSEN_EVENT, { detail: font }));
}

/**
 * The person whose account preferences this browser applied last (once per sign-in of a person):
 * their sign-in account's uid (before decision 082, the api's user id).
 */
export function preferencesAppliedFor(): string | null {
  return readStorage(STORAGE_KEYS.preferencesAppliedFor);
}

export function markPreferencesApplied(uid: string): void {
  writeStorage(STORAGE_KEYS.preferencesAppliedFor, uid);
}
