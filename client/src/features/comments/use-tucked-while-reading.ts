import { useEffect, useState } from "react";

/** How close to the end of the page (px) the reader counts as having reached it. */
const END_MARGIN_PX = 240;

/**
 * Whether the reader is scrolling down through the text: true after a scroll down, false after a
 * scroll up, at the top and near the end of the page. The floating Comments button tucks away
 * meanwhile on phones, where it would cover a line of the text (docs/product.md#story-reader).
 */
export function useTuckedWhileReading(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    function onScroll() {
      const y = window.scrollY;
      const nearEnd =
        window.innerHeight + y >= document.documentElement.scrollHeight - END_MARGIN_PX;
      if (y <= 0 || nearEnd || y < last) setTucked(false);
      else if (y > last) setTucked(true);
      last = y;
    }
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return tucked;
}
