import type { ReaderFont } from "@storyloom/common";
import { useCallback, useEffect, useState } from "react";
import { READER_FONT_CHOSEN_EVENT } from "../../../lib/preference-choices";
import { loadReaderFont, readStoredReaderFont, storeReaderFont } from "./reader-fonts";

/** The reader's font, remembered in localStorage storyReaderFont, loaded on demand. */
export function useReaderFont(): [ReaderFont, (font: ReaderFont) => void] {
  const [font, setFontState] = useState<ReaderFont>(readStoredReaderFont);

  useEffect(() => {
    loadReaderFont(font).catch((error: unknown) => {
      // The fallback family still reads fine; nothing to tell the reader.
      console.warn(`The ${font} font could not be loaded`, error);
    });
  }, [font]);

  // Chosen in Settings or from the account at sign-in.
  useEffect(() => {
    const follow = (event: Event) => setFontState((event as CustomEvent<ReaderFont>).detail);
    window.addEventListener(READER_FONT_CHOSEN_EVENT, follow);
    return () => window.removeEventListener(READER_FONT_CHOSEN_EVENT, follow);
  }, []);

  const setFont = useCallback((next: ReaderFont) => {
    storeReaderFont(next);
    setFontState(next);
  }, []);

  return [font, setFont];
}
