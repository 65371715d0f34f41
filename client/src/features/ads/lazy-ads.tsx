// The slot and the "Recommended" links, each loaded in its own chunk once a page renders one, so
// a page's first JavaScript does not grow (docs/decisions/032).
import { lazy, Suspense } from "react";
import type { AdSlotProps } from "./ad-slot";

const LazyAdSlot = lazy(async () => ({ default: (await import("./ad-slot")).AdSlot }));
const LazyAffiliateLinks = lazy(async () => ({
  default: (await import("./affiliate-links")).AffiliateLinks,
}));

/** A house ad slot; renders nothing when the api has no ad for this viewer. */
export function AdSlot(props: AdSlotProps) {
  return (
    <Suspense fallback={null}>
      <LazyAdSlot {...props} />
    </Suspense>
  );
}

/** The affiliate links shown under a story, each with its disclosure. */
export function AffiliateLinks() {
  return (
    <Suspense fallback={null}>
      <LazyAffiliateLinks />
    </Suspense>
  );
}
