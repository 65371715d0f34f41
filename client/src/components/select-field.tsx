import type { SelectHTMLAttributes } from "react";
import { Field } from "./field";

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "id" | "value" | "onChange"
> {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onValueChange: (value: T) => void;
}

/** A labelled native select over a fixed set of string values. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onValueChange,
  className,
  ...props
}: SelectFieldProps<T>) {
  return (
    <Field label={label} className={className}>
      {(control) => (
        <select
          {...props}
          {...control}
          className="field__input field__select"
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => option.value === event.target.value);
            if (chosen) onValueChange(chosen.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
