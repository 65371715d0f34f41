import { SelectField } from "../../components/select-field";
import { READER_FONTS, type ReaderFont } from "./reader-fonts";

const FONT_OPTIONS = READER_FONTS.map((font) => ({ value: font, label: font }));

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
      options={FONT_OPTIONS}
      onValueChange={onChange}
    />
  );
}
