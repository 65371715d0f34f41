import { useQuery } from "@apollo/client/react";
import { AffiliateLinksQuery } from "./ad-queries";
import { useTrackAffiliateClick } from "./use-ad-counting";
import "./ads.css";

// The reader's "Recommended" links (docs/decisions/032): each with rel="sponsored noopener" and its
// disclosure right beside it. None for premium readers (the api answers an empty list).

export function AffiliateLinks() {
  const { data } = useQuery(AffiliateLinksQuery, { fetchPolicy: "cache-and-network" });
  const track = useTrackAffiliateClick();
  const links = data?.affiliateLinks ?? [];
  if (links.length === 0) return null;
  return (
    <section className="affiliate-links" aria-labelledby="affiliate-links-heading">
      <h2 id="affiliate-links-heading" className="affiliate-links__heading">
        Recommended
      </h2>
      <ul className="affiliate-links__list">
        {links.map((link) => (
          <li key={link.id} className="affiliate-links__item">
            <a
              href={link.targetUrl}
              target="_blank"
              rel="sponsored noopener"
              onClick={() => track(link.id)}
            >
              {link.label}
            </a>{" "}
            <span className="affiliate-links__disclosure">{link.disclosure}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
