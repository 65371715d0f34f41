import type { Database } from "../platform/db/database.js";
import { notFound, unavailable } from "../platform/lib/errors.js";
import type { LocalProvider } from "./local-provider.js";
import { PaymentProviderError } from "./payment-provider.js";
import { PurchasesQueries, type PurchaseView } from "./purchases-queries.js";
import { returnUrls, TEST_CHECKOUT_NOT_FOUND, testCheckoutDescription } from "./purchase-rules.js";

// The local provider's test checkout (docs/decisions/031-payments.md): the buyer reads their
// session and presses Pay or Cancel; the provider then sends a signed event to the webhook, which
// alone changes the purchase. Only the buyer sees their session; with real Stripe there is none.

export interface TestCheckoutDeps {
  db: Database;
  /** Null when real Stripe is configured: then there is no test checkout. */
  local: LocalProvider | null;
  publicBaseUrl: string;
}

export interface TestCheckout {
  sessionId: string;
  purchase: PurchaseView;
  /** What is being bought. */
  description: string;
  successUrl: string;
  cancelUrl: string;
}

/** The buyer opens their test checkout. */
export async function openTestCheckout(
  deps: TestCheckoutDeps,
  buyerId: string,
  sessionId: string,
): Promise<TestCheckout> {
  const { purchase } = await buyersSession(deps, buyerId, sessionId);
  return {
    sessionId,
    purchase,
    description: testCheckoutDescription(purchase),
    ...returnUrls(deps.publicBaseUrl, purchase),
  };
}

/** The buyer presses Pay: the provider sends checkout.session.completed; answers where to go. */
export async function payTestCheckout(
  deps: TestCheckoutDeps,
  buyerId: string,
  sessionId: string,
): Promise<{ redirectUrl: string }> {
  const { purchase, local } = await buyersSession(deps, buyerId, sessionId);
  await deliver(() => local.complete(factsOf(purchase)));
  return { redirectUrl: returnUrls(deps.publicBaseUrl, purchase).successUrl };
}

/** The buyer presses Cancel: the provider sends checkout.session.expired; answers where to go. */
export async function cancelTestCheckout(
  deps: TestCheckoutDeps,
  buyerId: string,
  sessionId: string,
): Promise<{ redirectUrl: string }> {
  const { purchase, local } = await buyersSession(deps, buyerId, sessionId);
  await deliver(() => local.expire(factsOf(purchase)));
  return { redirectUrl: returnUrls(deps.publicBaseUrl, purchase).cancelUrl };
}

async function buyersSession(deps: TestCheckoutDeps, buyerId: string, sessionId: string) {
  const local = deps.local;
  const purchase =
    local === null
      ? null
      : await new PurchasesQueries(deps.db).findBySession(local.name, sessionId);
  if (local === null || purchase === null || purchase.userId !== buyerId) {
    throw notFound(TEST_CHECKOUT_NOT_FOUND);
  }
  return { purchase, local };
}

const factsOf = (purchase: PurchaseView) => ({
  purchaseId: purchase.id,
  amountCents: purchase.amountCents,
  currency: purchase.currency,
});

/** The local provider's event could not be handled: the buyer may press again. */
async function deliver(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw unavailable(error.message);
    throw error;
  }
}
