import type { CSSProperties, ReactNode } from "react";
import "./skeleton.css";

interface SkeletonProps {
  /** line: a line of text; title: a heading; block: an image or a button. */
  shape?: "line" | "title" | "block";
  width?: CSSProperties["width"];
  height?: CSSProperties["height"];
  className?: string;
}

/** A grey placeholder with the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ shape = "line", width, height, className }: SkeletonProps) {
  const classes = ["skeleton-shape", `skeleton-shape--${shape}`, className].filter(Boolean);
  return <span className={classes.join(" ")} style={{ width, height }} aria-hidden="true" />;
}

interface SkeletonGroupProps {
  /** What assistive technology announces while the shapes show. */
  label?: string;
  className?: string;
  children: ReactNode;
}

/** Wraps skeleton shapes: announced once as loading, the shapes themselves stay silent. */
export function SkeletonGroup({ label = "Loading...", className, children }: SkeletonGroupProps) {
  return (
    <div className={className} role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}
