import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import type { Database } from "../platform/db/database.js";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import { notFound } from "../platform/lib/errors.js";
import { readKeysetPage } from "../platform/lib/keyset-page.js";
import { EarningsQueries, type EarningView } from "./earnings-queries.js";
import { PurchasesQueries, type PurchaseView } from "./purchases-queries.js";
import { PURCHASE_NOT_FOUND } from "./purchase-rules.js";

// Reading purchases: the buyer's own (docs/product.md#purchases-and-premium), an author's ledger,
// and the admins' search and event log. Reading never changes a purchase: only the provider's
// webhook does (docs/decisions/031-payments.md).

export interface PurchaseReadDeps {
  db: Database;
}

/** A page of a keyset list as the caller asked for it (the default size when none). */
export interface PageRequest {
  size?: number;
  cursor?: string;
}

export interface ListPage<T> {
  items: T[];
  /** The cursor of the next page; null on the last. */
  nextCursor: string | null;
}

/** The buyer's purchases of stories and premium, newest first. */
export async function listMyPurchases(
  deps: PurchaseReadDeps,
  buyerId: string,
  page: PageRequest,
): Promise<ListPage<PurchaseView>> {
  const purchases = new PurchasesQueries(deps.db);
  const { rows, nextCursor } = await readKeysetPage("purchases", sized(page), (limit, after) =>
    purchases.listByUser(buyerId, limit, after),
  );
  return { items: rows.map((row) => row.item), nextCursor };
}

/** One of the buyer's purchases: anyone else's is not found. */
export async function getMyPurchase(
  deps: PurchaseReadDeps,
  buyerId: string,
  purchaseId: string,
): Promise<PurchaseView> {
  const purchase = await new PurchasesQueries(deps.db).findById(purchaseId);
  if (purchase === null || purchase.userId !== buyerId) throw notFound(PURCHASE_NOT_FOUND);
  return purchase;
}

/** An author's ledger, newest first, with the totals of the whole ledger per currency. */
export async function listMyEarnings(
  deps: PurchaseReadDeps,
  authorId: string,
  page: PageRequest,
): Promise<ListPage<EarningView> & { totals: Array<{ currency: string; amountCents: number }> }> {
  const earnings = new EarningsQueries(deps.db);
  // The totals (of the whole ledger, whatever the page) are read with the page's rows.
  let totals: Array<{ currency: string; amountCents: number }> = [];
  const readRows = async (limit: number, after: KeysetPosition | null) => {
    const ledger = await earnings.earningsOf(authorId, limit, after);
    totals = ledger.totals;
    return ledger.rows;
  };
  const { rows, nextCursor } = await readKeysetPage("earnings", sized(page), readRows);
  return { items: rows.map((row) => row.item), nextCursor, totals };
}

/** Admins: purchases whose buyer's username or e-mail, or story title, contains `query`. */
export async function searchPurchases(
  deps: PurchaseReadDeps,
  search: { query: string; limit: number },
) {
  return new PurchasesQueries(deps.db).search(search.query.trim(), search.limit);
}

/** Admins: the provider events (and admin refunds) of one purchase, oldest first. */
export async function listPurchaseEvents(deps: PurchaseReadDeps, purchaseId: string) {
  const purchases = new PurchasesQueries(deps.db);
  if ((await purchases.findById(purchaseId)) === null) throw notFound(PURCHASE_NOT_FOUND);
  return purchases.events(purchaseId);
}

/** The page as asked for, of the default size when none is given. */
function sized(page: PageRequest) {
  return { size: page.size ?? LIST_DEFAULT_SIZE, cursor: page.cursor };
}
