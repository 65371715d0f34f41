import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formatUtcDate } from "../../lib/format-date";
import { browser } from "./navigate-to";
import { PurchaseReturn } from "./purchase-return";
import { usePurchasePremium } from "./use-purchase-premium";
import "./purchases.css";

export const MY_PURCHASES_PAGE_SIZE = 20;

export const MyPurchasesQuery = graphql(`
  query MyPurchases($first: Int!, $after: String) {
    viewer {
      id
      isPremium
      premiumUntil
    }
    myPurchases(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          kind
          status
          storyPublicId
          storyTitle
          premiumDays
          createdAt
          paidAt
          price {
            amountCents
            currency
            formatted
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const MY_PURCHASES_MESSAGES = {
  loadFailed: "Could not load your purchases. Please refresh or try again later.",
  none: "You have not bought anything yet.",
  notPremium: "You are not premium. Premium shows story illustrations and no ads.",
  loadMoreFailed: "Could not load more purchases.",
} as const;

const STATUS_LABELS = {
  PENDING: "Pending",
  PAID: "Paid",
  REFUNDED: "Refunded",
  EXPIRED: "Not completed",
  FAILED: "Failed",
} as const;

/** /my/purchases: the stories and premium periods bought, and the viewer's premium. */
export function MyPurchasesPage() {
  useDocumentTitle("My Purchases");
  const { data, loading, error, fetchMore, refetch } = useQuery(MyPurchasesQuery, {
    variables: { first: MY_PURCHASES_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const { purchasePremium } = usePurchasePremium();
  const [premiumBusy, setPremiumBusy] = useState(false);
  const [premiumError, setPremiumError] = useState<string | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);

  async function getPremium() {
    setPremiumBusy(true);
    setPremiumError(null);
    const started = await purchasePremium();
    if ("error" in started) {
      setPremiumError(started.error);
      setPremiumBusy(false);
      return;
    }
    browser.assign(started.checkoutUrl);
  }

  async function loadMore(after: string) {
    setMoreError(null);
    try {
      await fetchMore({ variables: { after } });
    } catch {
      setMoreError(MY_PURCHASES_MESSAGES.loadMoreFailed);
    }
  }

  let content;
  if (loading && !data) content = <PageLoading />;
  else if (error && !data) content = <Alert tone="error">{MY_PURCHASES_MESSAGES.loadFailed}</Alert>;
  else if (data) {
    const viewer = data.viewer;
    const purchases = data.myPurchases.edges.map((edge) => edge.node);
    content = (
      <>
        <section aria-labelledby="premium-title">
          <h2 id="premium-title">Premium</h2>
          <div className="purchases__premium">
            <p>
              {viewer?.isPremium && viewer.premiumUntil
                ? `You are premium until ${formatUtcDate(viewer.premiumUntil)}.`
                : MY_PURCHASES_MESSAGES.notPremium}
            </p>
            <button
              type="button"
              className="button button--primary"
              disabled={premiumBusy}
              onClick={() => void getPremium()}
            >
              {viewer?.isPremium ? "Extend premium" : "Get premium"}
            </button>
          </div>
          {premiumError && <Alert tone="error">{premiumError}</Alert>}
        </section>
        <section aria-labelledby="bought-title">
          <h2 id="bought-title">Purchases</h2>
          {purchases.length === 0 ? (
            <p className="muted">{MY_PURCHASES_MESSAGES.none}</p>
          ) : (
            <table className="purchases__table" aria-labelledby="bought-title">
              <thead>
                <tr>
                  <th scope="col">What</th>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {purchases.map((purchase) => (
                  <tr key={purchase.id}>
                    <td>
                      {purchase.kind === "PREMIUM" ? (
                        `Premium, ${purchase.premiumDays ?? 0} days`
                      ) : purchase.storyPublicId ? (
                        <Link to={`/stories/${encodeURIComponent(purchase.storyPublicId)}`}>
                          {purchase.storyTitle}
                        </Link>
                      ) : (
                        purchase.storyTitle
                      )}
                    </td>
                    <td>{formatUtcDate(purchase.paidAt ?? purchase.createdAt)}</td>
                    <td>{purchase.price.formatted}</td>
                    <td>{STATUS_LABELS[purchase.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.myPurchases.pageInfo.hasNextPage && data.myPurchases.pageInfo.endCursor && (
            <button
              type="button"
              className="button"
              onClick={() => void loadMore(data.myPurchases.pageInfo.endCursor ?? "")}
            >
              Load more
            </button>
          )}
          {moreError && <Alert tone="error">{moreError}</Alert>}
        </section>
      </>
    );
  }

  return (
    <main className="page my-purchases">
      <h1>My Purchases</h1>
      <PurchaseReturn onConfirmed={() => void refetch()} />
      {content}
    </main>
  );
}
