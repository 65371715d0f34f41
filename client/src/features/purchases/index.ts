// Purchases and premium (docs/product.md#purchases-and-premium): the buy button and the return
// from checkout the reader mounts, the test checkout page, /my/purchases and the author's ledger.
import { lazyPage } from "../../lib/lazy-page";

// Its components for other features' pages are in components.ts, so the routes (part of the first
// render) carry none of them.
export const MyPurchasesPage = lazyPage(() => import("./my-purchases-page"), "MyPurchasesPage");
export const TestCheckoutPage = lazyPage(() => import("./test-checkout-page"), "TestCheckoutPage");
