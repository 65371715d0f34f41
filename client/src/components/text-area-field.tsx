import type { TextareaHTMLAttributes } from "react";
import { Field, type FieldFrameProps } from "./field";

type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;

/** A labelled multi-line input. */
export function TextAreaField({ label, hint, error, className, ...props }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea {...props} {...control} className="field__input field__input--multiline" />
      )}
    </Field>
  );
}
