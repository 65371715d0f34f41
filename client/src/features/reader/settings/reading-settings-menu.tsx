import { SelectField } from "../../../components/select-field";
import { READER_FONT_OPTIONS, toggleTheme } from "../../../lib/preference-choices";
import { useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "../../../lib/use-dismiss";
import { useTheme } from "../../../lib/use-theme";
import {
  COLUMN_WIDTHS,
  LAYOUT_LABELS,
  LINE_SPACINGS,
  TEXT_SIZES,
  type ReadingLayout,
} from "./reading-settings";
import type { ReadingSettings } from "./use-reading-settings";
import "./reading-settings.css";

interface ChoiceGroupProps<T extends string> {
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}

/** One setting as a row of radio buttons drawn as a segmented control. */
function ChoiceGroup<T extends string>({
  legend,
  values,
  labels,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="reading-settings__group">
      <legend className="reading-settings__legend">{legend}</legend>
      <div className="reading-settings__choices">
        {values.map((choice) => (
          <label key={choice} className="reading-settings__choice">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={choice === value}
              onChange={() => onChange(choice)}
            />
            <span>{labels[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The menu was open when its page went: the reader taking over from a first view opens it again. */
let openWhenLeft = false;

/** A disclosure (lib/use-disclosure.ts) whose open menu survives the reader's takeover. */
function useOpenAcrossTakeover() {
  const [open, setOpen] = useState(() => openWhenLeft);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    openWhenLeft = open;
  }, [open]);
  useDismiss(open, containerRef, (reason) => {
    setOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  });
  return { open, toggle: () => setOpen((value) => !value), containerRef, buttonRef, panelId };
}

const THEMES = ["light", "dark"] as const;
const THEME_LABELS = { light: "Light", dark: "Dark" } as const;

/**
 * The reader bar's "Aa" menu: every reading setting in one place (font, text size, line spacing,
 * column width, theme). Escape or a tap outside closes it; Escape gives focus back to "Aa".
 */
export function ReadingSettingsMenu({ settings }: { settings: ReadingSettings }) {
  const { open, toggle, containerRef, buttonRef, panelId } = useOpenAcrossTakeover();
  const [theme] = useTheme();
  const { layout, setLayout } = settings;
  const change = (part: Partial<ReadingLayout>) => setLayout({ ...layout, ...part });
  return (
    <div className="reading-settings" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary reading-settings__button"
        aria-label="Reading settings"
        title="Reading settings"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span aria-hidden="true">Aa</span>
      </button>
      {open ? (
        <div
          id={panelId}
          className="reading-settings__panel"
          role="group"
          aria-label="Reading settings"
        >
          <SelectField
            label="Font"
            value={settings.font}
            options={READER_FONT_OPTIONS}
            onValueChange={settings.setFont}
          />
          <ChoiceGroup
            legend="Text size"
            values={TEXT_SIZES}
            labels={LAYOUT_LABELS.size}
            value={layout.size}
            onChange={(size) => change({ size })}
          />
          <ChoiceGroup
            legend="Line spacing"
            values={LINE_SPACINGS}
            labels={LAYOUT_LABELS.spacing}
            value={layout.spacing}
            onChange={(spacing) => change({ spacing })}
          />
          <ChoiceGroup
            legend="Width"
            values={COLUMN_WIDTHS}
            labels={LAYOUT_LABELS.width}
            value={layout.width}
            onChange={(width) => change({ width })}
          />
          <ChoiceGroup
            legend="Theme"
            values={THEMES}
            labels={THEME_LABELS}
            value={theme}
            onChange={toggleTheme}
          />
        </div>
      ) : null}
    </div>
  );
}
