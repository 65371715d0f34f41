import { useEffectEvent, useLayoutEffect, type RefObject } from "react";

export type DismissReason = "escape" | "outside";

/**
 * While `active`, calls `onDismiss` when Escape is pressed or a pointer goes down outside
 * `containerRef` (menus and pop-overs). It listens from the commit that draws the pop-over (a
 * layout effect): a pop-over that appears after a timer (the Add Comment popup) is then never on
 * screen without its dismissal, where a passive effect could still be waiting to run.
 */
export function useDismiss(
  active: boolean,
  containerRef: RefObject<HTMLElement | null>,
  onDismiss: (reason: DismissReason) => void,
): void {
  const dismiss = useEffectEvent(onDismiss);

  useLayoutEffect(() => {
    if (!active) return;
    function handlePointerDown(event: PointerEvent) {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) {
        dismiss("outside");
      }
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") dismiss("escape");
    }
    document.addEventListener("pointerdown", handlePointerDown);
    document.addEventListener("keydown", handleKeyDown);
    return () => {
      document.removeEventListener("pointerdown", handlePointerDown);
      document.removeEventListener("keydown", handleKeyDown);
    };
  }, [active, containerRef]);
}
