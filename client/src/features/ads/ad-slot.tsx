import { useQuery } from "@apollo/client/react";
import { useEffect, useRef } from "react";
import type { AdPlacement } from "../../__generated__/graphql";
import { NextAdQuery } from "./ad-queries";
import { useRecordAdClick, useRecordAdView } from "./use-ad-counting";
import "./ads.css";

// One ad slot (docs/decisions/032-house-ads-and-affiliate-links.md): the api picks the ad, or none
// (a premium reader, nothing running, the day's share seen), and the slot then renders nothing.

/** How much of the slot must be on screen for its view to count. */
const VISIBLE_SHARE = 0.5;

export interface AdSlotProps {
  placement: AdPlacement;
}

/** A house ad labelled "Ad", its view recorded once it is actually on screen. */
export function AdSlot({ placement }: AdSlotProps) {
  // Each slot its own offer, never from the cache: an offer's token counts once.
  const { data } = useQuery(NextAdQuery, { variables: { placement }, fetchPolicy: "no-cache" });
  const offer = data?.nextAd ?? null;
  const recordView = useRecordAdView();
  const recordClick = useRecordAdClick();
  const slot = useRef<HTMLElement>(null);
  const nonce = offer?.nonce ?? null;

  useEffect(() => {
    const element = slot.current;
    if (nonce === null || element === null || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          recordView(nonce);
        }
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [nonce, recordView]);

  if (offer === null) return null;
  const { ad } = offer;
  return (
    <aside ref={slot} className={`ad-slot ad-slot--${placement.toLowerCase()}`} aria-label="Ad">
      <span className="ad-slot__label">Ad</span>
      <a
        className="ad-slot__link"
        href={ad.targetUrl}
        target="_blank"
        rel="sponsored noopener"
        onClick={() => recordClick(offer.nonce)}
      >
        {ad.imageUrl ? (
          <img
            className="ad-slot__image"
            src={ad.imageUrl}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            width={96}
            height={96}
          />
        ) : null}
        <span className="ad-slot__text">
          <span className="ad-slot__title">{ad.title}</span>
          {ad.body ? <span className="ad-slot__body">{ad.body}</span> : null}
        </span>
      </a>
    </aside>
  );
}
