import "./progress-bar.css";

interface ProgressBarProps {
  /** 0–100; values outside are clamped. */
  value: number;
  label: string;
  className?: string;
}

/** A determinate progress bar with its value exposed to assistive technology. */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      className={className ? `progress-bar ${className}` : "progress-bar"}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
    >
      <div className="progress-bar__fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
