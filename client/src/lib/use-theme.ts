import type { Theme } from "@storyloom/common";
import { useCallback, useEffect, useState } from "react";
import { THEME_CHOSEN_EVENT } from "./preference-choices";
import { applyTheme, currentTheme, readStoredTheme, storeTheme } from "./theme";

/**
 * The theme in effect and a setter that remembers the choice (localStorage storyloom.theme). Until
 * the person chooses, the theme follows the system preference, also when it changes.
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>(currentTheme);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const followSystem = (event: MediaQueryListEvent) => {
      if (readStoredTheme() === null) setThemeState(event.matches ? "dark" : "light");
    };
    query.addEventListener("change", followSystem);
    return () => query.removeEventListener("change", followSystem);
  }, []);

  // Chosen in Settings or from the account at sign-in.
  useEffect(() => {
    const follow = (event: Event) => setThemeState((event as CustomEvent<Theme>).detail);
    window.addEventListener(THEME_CHOSEN_EVENT, follow);
    return () => window.removeEventListener(THEME_CHOSEN_EVENT, follow);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  return [theme, setTheme];
}
