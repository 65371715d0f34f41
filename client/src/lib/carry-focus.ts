// Keyboard focus across a view that another takes the place of, element for element (a story
// page's first view and the reader, docs/decisions/038-first-views-without-apollo.md): the first
// view remembers where focus is, as a path of child positions from the parent both are drawn in,
// and the view that replaces it puts focus back on the element at the same path.
import { useEffect, useLayoutEffect, type RefObject } from "react";

interface CarriedFocus {
  parent: Element;
  path: number[];
}

let carried: CarriedFocus | null = null;

function pathFrom(parent: Element, target: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = target;
  while (node && node !== parent) {
    const up: Element | null = node.parentElement;
    if (!up) return null;
    path.unshift(Array.prototype.indexOf.call(up.children, node));
    node = up;
  }
  return node === parent ? path : null;
}

function elementAt(parent: Element, path: readonly number[]): Element | null {
  let node: Element | null = parent;
  for (const index of path) node = node?.children[index] ?? null;
  return node;
}

/** Remembers where focus is inside `view` while it is on the page. */
export function useFocusToCarry(view: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = view.current;
    const parent = element?.parentElement;
    if (!element || !parent) return;
    function remember(target: EventTarget | null) {
      const path = target instanceof Element ? pathFrom(parent!, target) : null;
      carried = path ? { parent: parent!, path } : null;
    }
    const onFocusIn = (event: FocusEvent) => remember(event.target);
    function onFocusOut() {
      // Focus that left for elsewhere on the page is not carried; focus lost because the view was
      // taken away is.
      setTimeout(() => {
        if (element!.isConnected && !element!.contains(document.activeElement)) carried = null;
      });
    }
    element.addEventListener("focusin", onFocusIn);
    element.addEventListener("focusout", onFocusOut);
    if (element.contains(document.activeElement)) remember(document.activeElement);
    return () => {
      element.removeEventListener("focusin", onFocusIn);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, [view]);
}

/**
 * Puts the carried focus back once the view that took the first one's place is drawn, unless
 * focus has gone somewhere meanwhile. Render it after that view, in the same tree.
 */
export function RestoreCarriedFocus(): null {
  useLayoutEffect(() => {
    const focus = carried;
    carried = null;
    if (!focus || !focus.parent.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const target = elementAt(focus.parent, focus.path);
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  }, []);
  return null;
}
