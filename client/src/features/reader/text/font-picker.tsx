import { SelectField } from "../../../components/select-field";
import type { ReaderFont } from "@storyloom/common";
import { READER_FONT_OPTIONS } from "../../../lib/preference-choices";

interface FontPickerProps {
  font: ReaderFont;
  onChange: (font: ReaderFont) => void;
}

export function FontPicker({ font, onChange }: FontPickerProps) {
  return (
    <SelectField
      className="font-picker"
      label="Reader font"
      value={font}
      options={READER_FONT_OPTIONS}
      onValueChange={onChange}
    />
  );
}
