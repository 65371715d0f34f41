import { useId, type InputHTMLAttributes } from "react";
import "./form.css";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** A short hint under the input, tied to it with aria-describedby. */
  hint?: string;
}

/** A labelled input: the label's text is the input's accessible name. */
export function TextField({ label, hint, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className="field__input"
        aria-describedby={hint ? hintId : undefined}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
