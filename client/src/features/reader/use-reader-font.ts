import { useCallback, useEffect, useState } from "react";
import {
  loadReaderFont,
  readStoredReaderFont,
  storeReaderFont,
  type ReaderFont,
} from "./reader-fonts";

/** The reader's font, remembered in localStorage storyReaderFont, loaded on demand. */
export function useReaderFont(): [ReaderFont, (font: ReaderFont) => void] {
  const [font, setFontState] = useState<ReaderFont>(readStoredReaderFont);

  useEffect(() => {
    loadReaderFont(font).catch((error: unknown) => {
      // The fallback family still reads fine; nothing to tell the reader.
      console.warn(`The ${font} font could not be loaded`, error);
    });
  }, [font]);

  const setFont = useCallback((next: ReaderFont) => {
    storeReaderFont(next);
    setFontState(next);
  }, []);

  return [font, setFont];
}
