import type { ReaderFont } from "@storyloom/common";
import { useCallback, useState, type CSSProperties } from "react";
import { fontFamilyOf } from "../text/reader-fonts";
import { useReaderFont } from "../text/use-reader-font";
import { layoutStyle, readStoredLayout, storeLayout, type ReadingLayout } from "./reading-settings";

export interface ReadingSettings {
  font: ReaderFont;
  setFont: (font: ReaderFont) => void;
  layout: ReadingLayout;
  setLayout: (layout: ReadingLayout) => void;
  /** The reading column's style: its font and the layout's custom properties. */
  style: CSSProperties;
}

/** The reader's settings (the Aa menu's), remembered on this device. */
export function useReadingSettings(): ReadingSettings {
  const [font, setFont] = useReaderFont();
  const [layout, setLayoutState] = useState<ReadingLayout>(readStoredLayout);
  const setLayout = useCallback((next: ReadingLayout) => {
    storeLayout(next);
    setLayoutState(next);
  }, []);
  const style = { fontFamily: fontFamilyOf(font), ...layoutStyle(layout) } as CSSProperties;
  return { font, setFont, layout, setLayout, style };
}
