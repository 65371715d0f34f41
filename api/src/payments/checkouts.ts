import type { Database } from "../platform/db/database.js";
import type { PurchaseRecord, UserRecord } from "../platform/db/schema.js";
import { conflict, notFound } from "../platform/lib/errors.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { assertCanView, isOwner } from "../stories/visibility-rules.js";
import type { PaymentProvider } from "./payment-provider.js";
import type { PaymentSettings } from "./payment-settings.js";
import { askProvider, type PaymentLog } from "./provider-calls.js";
import { PurchasesQueries, type PurchaseView } from "./purchases-queries.js";
import {
  authorShareCents,
  OWN_STORY,
  premiumDescription,
  PURCHASE_NOT_FOUND,
  returnUrls,
  STORY_IS_FREE,
} from "./purchase-rules.js";

// Starting to buy a story or a period of premium (docs/product.md#purchases-and-premium): a
// pending purchase and the provider's checkout for it. A purchase becomes paid only through the
// provider's webhook (payment-events.ts); these start checkouts (docs/decisions/031-payments.md).

export interface CheckoutDeps {
  db: Database;
  provider: Pick<PaymentProvider, "name" | "createCheckout">;
  settings: Pick<
    PaymentSettings,
    "currency" | "authorSharePercent" | "premiumPriceCents" | "premiumDays"
  >;
  /** The web app's address: where the checkout sends the browser back ("" for paths). */
  publicBaseUrl: string;
  log: PaymentLog;
}

type Buyer = Pick<UserRecord, "id" | "email">;

export interface StartedCheckout {
  purchase: PurchaseView;
  /** Where to pay; null when the story is already owned. */
  checkoutUrl: string | null;
  /** True when this call started a new purchase; false when it found the open (or paid) one. */
  started: boolean;
}

/**
 * A reader starts buying a priced story they may see and did not write. A double click or a
 * second tab gets the open purchase and its checkout back; an owned story, the paid purchase.
 */
export async function startStoryCheckout(
  deps: CheckoutDeps,
  buyer: Buyer,
  storyPublicId: string,
): Promise<StartedCheckout> {
  const purchases = new PurchasesQueries(deps.db);
  const story = await new StoriesQueries(deps.db).findByPublicId(storyPublicId);
  assertCanView(story, buyer.id);
  if (isOwner(story, buyer.id)) throw conflict("NOT_FOR_SALE", OWN_STORY);
  const open = await purchases.findOpenStoryPurchase(buyer.id, story.id);
  if (open?.status === "paid") return answer(purchases, open, null, false);
  if (story.priceCents === null) throw conflict("NOT_FOR_SALE", STORY_IS_FREE);
  const created =
    open === null
      ? await purchases.insert({
          userId: buyer.id,
          kind: "story",
          storyId: story.id,
          storyTitle: story.title,
          authorId: story.authorId,
          amountCents: story.priceCents,
          currency: deps.settings.currency,
          authorShareCents: authorShareCents(story.priceCents, deps.settings.authorSharePercent),
          premiumDays: null,
          provider: deps.provider.name,
        })
      : null;
  // A concurrent click inserted first: its purchase is this one too.
  const purchase = created ?? open ?? (await purchases.findOpenStoryPurchase(buyer.id, story.id));
  if (purchase === null) throw notFound(PURCHASE_NOT_FOUND);
  if (purchase.status === "paid") return answer(purchases, purchase, null, false);
  const url = await checkoutOf(deps, purchases, purchase, story.title, buyer.email);
  return answer(purchases, purchase, url, created !== null);
}

/** A reader starts buying a period of premium; a second click finds the pending one. */
export async function startPremiumCheckout(
  deps: CheckoutDeps,
  buyer: Buyer,
): Promise<StartedCheckout> {
  const purchases = new PurchasesQueries(deps.db);
  const open = await purchases.findPendingPremium(buyer.id);
  const purchase =
    open ??
    (await purchases.insert({
      userId: buyer.id,
      kind: "premium",
      storyId: null,
      storyTitle: null,
      authorId: null,
      amountCents: deps.settings.premiumPriceCents,
      currency: deps.settings.currency,
      authorShareCents: 0,
      premiumDays: deps.settings.premiumDays,
      provider: deps.provider.name,
    }));
  if (purchase === null) throw new Error("inserting a premium purchase returned no row");
  const description = premiumDescription(purchase.premiumDays ?? deps.settings.premiumDays);
  const url = await checkoutOf(deps, purchases, purchase, description, buyer.email);
  return answer(purchases, purchase, url, open === null);
}

/** The purchase's checkout session, created once: a second caller gets the same one back. */
async function checkoutOf(
  deps: CheckoutDeps,
  purchases: PurchasesQueries,
  purchase: PurchaseRecord,
  description: string,
  email: string | null,
): Promise<string> {
  if (purchase.checkoutUrl !== null) return purchase.checkoutUrl;
  const view = await purchases.findById(purchase.id);
  if (view === null) throw notFound(PURCHASE_NOT_FOUND);
  const failure = { purchaseId: purchase.id, failure: "could not start a checkout" };
  const session = await askProvider(deps.log, failure, () =>
    deps.provider.createCheckout({
      purchaseId: purchase.id,
      description,
      amountCents: purchase.amountCents,
      currency: purchase.currency,
      customerEmail: email,
      ...returnUrls(deps.publicBaseUrl, view),
    }),
  );
  await purchases.setCheckout(purchase.id, session.sessionId, session.url);
  return session.url;
}

async function answer(
  purchases: PurchasesQueries,
  purchase: PurchaseRecord,
  checkoutUrl: string | null,
  started: boolean,
): Promise<StartedCheckout> {
  const view = await purchases.findById(purchase.id);
  if (view === null) throw notFound(PURCHASE_NOT_FOUND);
  return { purchase: view, checkoutUrl, started };
}
