// Purchases and premium (docs/product.md#purchases-and-premium): the buy button and the return
// from checkout the reader mounts, the test checkout page, /my/purchases and the author's ledger.
import { lazyPage } from "../../lib/lazy-page";

export { BuyStoryButton, type StoryPrice } from "./buy-story-button";
export { PurchaseReturn } from "./purchase-return";
export { EarningsLedger } from "./earnings-ledger";
export const MyPurchasesPage = lazyPage(() => import("./my-purchases-page"), "MyPurchasesPage");
export const TestCheckoutPage = lazyPage(() => import("./test-checkout-page"), "TestCheckoutPage");
