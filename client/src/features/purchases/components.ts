// The purchases feature's components other features mount in their own lazy pages (the reader's
// Buy button and return from checkout, the author's ledger on /my/profile). Apart from index.ts,
// which the app's routes import: these use Apollo Client, which the first render of `/` must not
// carry (docs/decisions/038-first-views-without-apollo.md).
export { BuyStoryButton, type StoryPrice } from "./buy-story-button";
export { PurchaseReturn } from "./purchase-return";
export { EarningsLedger } from "./earnings-ledger";
