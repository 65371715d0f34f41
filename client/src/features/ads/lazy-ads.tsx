import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { startApolloLoad, useApolloAvailable } from "../../apollo/deferred-apollo";
import type { AdSlotProps } from "./ad-slot";

// The slot and the "Recommended" links each load in their own chunk (docs/decisions/032). A slot
// loads its code and asks for its ad only once it comes on screen, so the first render of a page
// carries none of it (the home page's goal of at most 8 scripts, decision 021), and an ad is not
// served to a slot nobody scrolls to. Both ask through Apollo Client, which a page drawn before it
// has loaded (docs/decisions/038-first-views-without-apollo.md) does not have yet: a slot on screen
// starts its load, and each waits for it.

const LazyAdSlot = lazy(async () => ({ default: (await import("./ad-slot")).AdSlot }));
const LazyAffiliateLinks = lazy(async () => ({
  default: (await import("./affiliate-links")).AffiliateLinks,
}));

/** `children` once the spot comes on screen; at once where IntersectionObserver is missing. */
function OnceOnScreen({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === "undefined");
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = anchor.current;
    if (shown || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        setShown(true);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return shown ? children : <div ref={anchor} className="ad-slot-anchor" aria-hidden="true" />;
}

/** `children` once Apollo Client is there; with `start`, its load starts when this mounts. */
function WithApolloClient({ children, start }: { children: ReactNode; start?: boolean }) {
  const available = useApolloAvailable();
  useEffect(() => {
    if (start && !available) void startApolloLoad().catch(() => {});
  }, [available, start]);
  return available ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** A house ad slot; renders nothing when the api has no ad for this viewer. */
export function AdSlot(props: AdSlotProps) {
  return (
    <OnceOnScreen>
      <WithApolloClient start>
        <LazyAdSlot {...props} />
      </WithApolloClient>
    </OnceOnScreen>
  );
}

/** The affiliate links shown under a story, each with its disclosure. */
export function AffiliateLinks() {
  return (
    <WithApolloClient>
      <LazyAffiliateLinks />
    </WithApolloClient>
  );
}
