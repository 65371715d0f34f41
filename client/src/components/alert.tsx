import type { ReactNode } from "react";
import "./alert.css";

interface AlertProps {
  /** error: role="alert" (announced at once); success: role="status". */
  tone: "error" | "success";
  children: ReactNode;
}

export function Alert({ tone, children }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
