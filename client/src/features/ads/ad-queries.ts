import { graphql } from "../../__generated__";

// The ads feature's operations (docs/product.md#ads-and-affiliate-links).

export const NextAdQuery = graphql(`
  query NextAd($placement: AdPlacement!) {
    nextAd(placement: $placement) {
      nonce
      ad {
        id
        title
        body
        imageUrl
        targetUrl
      }
    }
  }
`);

export const RecordAdViewMutation = graphql(`
  mutation RecordAdView($nonce: ID!) {
    recordAdView(nonce: $nonce) {
      counted
    }
  }
`);

export const RecordAdClickMutation = graphql(`
  mutation RecordAdClick($nonce: ID!) {
    recordAdClick(nonce: $nonce) {
      url
      counted
    }
  }
`);

export const AffiliateLinksQuery = graphql(`
  query AffiliateLinks {
    affiliateLinks {
      id
      label
      targetUrl
      disclosure
    }
  }
`);

export const TrackAffiliateClickMutation = graphql(`
  mutation TrackAffiliateClick($id: ID!) {
    trackAffiliateClick(id: $id) {
      url
      counted
    }
  }
`);
