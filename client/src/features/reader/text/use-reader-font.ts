import type { ReaderFont } from "@storyloom/common";
import { useCallback, useEffect, useState } from "react";
import { afterFirstContentfulPaint } from "../../../lib/after-first-contentful-paint";
import { READER_FONT_CHOSEN_EVENT } from "../../../lib/preference-choices";
import { loadReaderFont, readStoredReaderFont, storeReaderFont } from "./reader-fonts";

/** The reader's font, remembered in localStorage storyReaderFont, loaded on demand. */
export function useReaderFont(): [ReaderFont, (font: ReaderFont) => void] {
  const [font, setFontState] = useState<ReaderFont>(readStoredReaderFont);

  // Asked for once the page has drawn its first text: the first paint does not wait on the face's
  // stylesheet and files, and its fallback is scaled to the face's metrics so the swap moves little
  // (global.css, docs/decisions/073-reader-font-after-first-paint.md).
  useEffect(
    () =>
      afterFirstContentfulPaint(() => {
        loadReaderFont(font).catch((error: unknown) => {
          // The fallback family still reads fine; nothing to tell the reader.
          console.warn(`The ${font} font could not be loaded`, error);
        });
      }),
    [font],
  );

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
