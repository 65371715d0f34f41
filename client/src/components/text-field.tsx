import type { InputHTMLAttributes } from "react";
import { Field, type FieldFrameProps } from "./field";

type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

/** A labelled input. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...inputProps} {...control} className="field__input" />}
    </Field>
  );
}
