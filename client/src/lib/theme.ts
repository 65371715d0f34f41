import { isTheme, type Theme } from "@storyloom/common";
import { STORAGE_KEYS } from "./storage-keys";
import { readStorage, writeStorage } from "./storage";

export function readStoredTheme(): Theme | null {
  const stored = readStorage(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : null;
}

export function systemTheme(): Theme {
  if (typeof window.matchMedia !== "function") return "light";
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The theme in effect: what index.html applied, else the stored choice, else the system's. */
export function currentTheme(): Theme {
  const applied = document.documentElement.getAttribute("data-theme");
  if (isTheme(applied)) return applied;
  return readStoredTheme() ?? systemTheme();
}

export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute("data-theme", theme);
}

export function storeTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
}
