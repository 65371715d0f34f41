import { useId, type ReactNode } from "react";
import "./form.css";

/** What a field hands its control so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldFrameProps {
  label: string;
  /** A short hint under the control, tied to it with aria-describedby. */
  hint?: string;
  /** A validation message: marks the control invalid and is announced with it. */
  error?: string | null;
  className?: string;
}

/** The label, hint and error around one form control; the label's text is its accessible name. */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
