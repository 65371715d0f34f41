import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";

// The Purchases section of /admin, for admins (docs/product.md#purchases-and-premium): search by
// buyer or story, refund a paid purchase, read its event log.

export const AdminPurchasesQuery = graphql(`
  query AdminPurchases($query: String) {
    adminPurchases(query: $query, first: 50) {
      buyerId
      buyerUsername
      buyerEmail
      provider
      providerPaymentId
      purchase {
        id
        kind
        status
        storyTitle
        premiumDays
        createdAt
        refundReason
        price {
          formatted
        }
      }
    }
  }
`);

export const PurchaseEventsQuery = graphql(`
  query PurchaseEvents($id: ID!) {
    purchaseEvents(id: $id) {
      eventId
      type
      outcome
      receivedAt
    }
  }
`);

export const RefundPurchaseMutation = graphql(`
  mutation RefundPurchase($id: ID!) {
    refundPurchase(id: $id) {
      id
      status
      refundReason
    }
  }
`);

export const ADMIN_PURCHASE_MESSAGES = {
  loadFailed: "Could not load purchases.",
  none: "No purchases match.",
  refundFailed: "The refund did not go through. Please try again.",
  eventsFailed: "Could not load the event log.",
} as const;

function PurchaseEvents({ id }: { id: string }) {
  const { data, error } = useQuery(PurchaseEventsQuery, { variables: { id } });
  if (error) return <Alert tone="error">{ADMIN_PURCHASE_MESSAGES.eventsFailed}</Alert>;
  if (!data) return null;
  return (
    <ol className="admin-purchases__events" aria-label="Event log">
      {data.purchaseEvents.map((event) => (
        <li key={event.eventId}>
          {new Date(event.receivedAt).toISOString()} · {event.type} · {event.outcome ?? "—"}
        </li>
      ))}
    </ol>
  );
}

type Row = NonNullable<ReturnType<typeof useAdminPurchases>["rows"]>[number];

function useAdminPurchases(query: string | null) {
  const { data, error } = useQuery(AdminPurchasesQuery, {
    variables: { query },
    fetchPolicy: "network-only",
  });
  return { rows: data?.adminPurchases, error };
}

function PurchaseRow({ row }: { row: Row }) {
  const [refund, { loading }] = useMutation(RefundPurchaseMutation);
  const [error, setError] = useState<string | null>(null);
  const [showEvents, setShowEvents] = useState(false);
  const purchase = row.purchase;
  const what =
    purchase.kind === "PREMIUM"
      ? `Premium, ${purchase.premiumDays ?? 0} days`
      : purchase.storyTitle;

  async function refundIt() {
    setError(null);
    try {
      await refund({
        variables: { id: purchase.id },
        optimisticResponse: {
          refundPurchase: {
            __typename: "Purchase",
            id: purchase.id,
            status: "REFUNDED",
            refundReason: "admin",
          },
        },
      });
    } catch (caught) {
      console.warn("A refund failed", caught);
      setError(ADMIN_PURCHASE_MESSAGES.refundFailed);
    }
  }

  return (
    <li className="admin-purchases__item">
      <p>
        <strong>{what}</strong> · {purchase.price.formatted} · {row.buyerUsername ?? "(deleted)"}
        {row.buyerEmail ? ` <${row.buyerEmail}>` : ""} · {purchase.status.toLowerCase()}
        {purchase.refundReason ? ` (${purchase.refundReason})` : ""} · {row.provider}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="moderation-item__actions">
        {purchase.status === "PAID" && (
          <button
            type="button"
            className="button button--danger"
            disabled={loading}
            onClick={() => void refundIt()}
          >
            Refund
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={showEvents}
          onClick={() => setShowEvents((shown) => !shown)}
        >
          {showEvents ? "Hide event log" : "Event log"}
        </button>
      </div>
      {showEvents && <PurchaseEvents id={purchase.id} />}
    </li>
  );
}

/** Search purchases by buyer username or e-mail, or story title; refund; read the event log. */
export function AdminPurchases() {
  const [text, setText] = useState("");
  const [query, setQuery] = useState<string | null>(null);
  const { rows, error } = useAdminPurchases(query);

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(text.trim() === "" ? null : text.trim());
  }

  return (
    <section className="admin-purchases" aria-labelledby="admin-purchases-title">
      <h2 id="admin-purchases-title">Purchases</h2>
      <form className="admin-purchases__search" role="search" onSubmit={search}>
        <label>
          Buyer or story
          <input
            type="search"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {error && !rows && <Alert tone="error">{ADMIN_PURCHASE_MESSAGES.loadFailed}</Alert>}
      {rows && rows.length === 0 && <p className="muted">{ADMIN_PURCHASE_MESSAGES.none}</p>}
      {rows && rows.length > 0 && (
        <ul className="admin-purchases__list" aria-label="Purchases found">
          {rows.map((row) => (
            <PurchaseRow key={row.purchase.id} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}
