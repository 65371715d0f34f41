import { useId, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss";

/**
 * A disclosure (a button that shows a panel): a click outside or Escape closes it, and Escape
 * gives focus back to the button.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(open, containerRef, (reason) => {
    setOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  });

  return {
    open,
    close: () => setOpen(false),
    toggle: () => setOpen((value) => !value),
    containerRef,
    buttonRef,
    panelId,
  };
}
