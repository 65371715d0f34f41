// The ads feature's public face (docs/decisions/032): what the home page and the reader mount.
export { AdSlot, AffiliateLinks } from "./lazy-ads";
export { READER_AD_EVERY, readerAdSlotAfter } from "./ad-slots";
