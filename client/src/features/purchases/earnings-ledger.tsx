import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { formatUtcDate } from "../../lib/format-date";
import "./purchases.css";

export const MyEarningsQuery = graphql(`
  query MyEarnings {
    myEarnings(first: 20) {
      entries {
        id
        kind
        storyPublicId
        storyTitle
        createdAt
        amount {
          amountCents
          currency
          formatted
        }
      }
      totals {
        amountCents
        currency
        formatted
      }
    }
  }
`);

export const EARNINGS_MESSAGES = {
  title: "Earnings",
  none: "No sales yet. When a reader buys one of your priced stories, your share appears here.",
  loadFailed: "Could not load your earnings.",
  payouts: "Payouts are not available yet; your earnings are kept here until they are.",
} as const;

/** The author's ledger on /my/profile: the latest sales and refunds, and the total. */
export function EarningsLedger() {
  const { data, error } = useQuery(MyEarningsQuery, { fetchPolicy: "cache-and-network" });
  let body;
  if (error && !data) body = <Alert tone="error">{EARNINGS_MESSAGES.loadFailed}</Alert>;
  else if (!data) body = null;
  else if (data.myEarnings.entries.length === 0)
    body = <p className="muted">{EARNINGS_MESSAGES.none}</p>;
  else {
    body = (
      <>
        <p>
          Total:{" "}
          <strong>{data.myEarnings.totals.map((total) => total.formatted).join(" + ")}</strong>
        </p>
        <table className="earnings__table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Story</th>
              <th scope="col">Kind</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {data.myEarnings.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatUtcDate(entry.createdAt)}</td>
                <td>
                  {entry.storyPublicId ? (
                    <Link to={`/stories/${encodeURIComponent(entry.storyPublicId)}`}>
                      {entry.storyTitle}
                    </Link>
                  ) : (
                    entry.storyTitle
                  )}
                </td>
                <td>{entry.kind === "SALE" ? "Sale" : "Refund"}</td>
                <td>{entry.amount.formatted}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{EARNINGS_MESSAGES.payouts}</p>
      </>
    );
  }
  return (
    <section className="earnings" aria-labelledby="earnings-title">
      <h2 id="earnings-title">{EARNINGS_MESSAGES.title}</h2>
      {body}
    </section>
  );
}
