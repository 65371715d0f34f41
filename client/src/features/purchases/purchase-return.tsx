import { useQuery } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PURCHASE_MESSAGES, REFUNDED_MESSAGES, REFUNDED_OTHERWISE } from "./messages";

export const PurchaseStatusQuery = graphql(`
  query PurchaseStatus($purchaseId: ID!) {
    purchase(purchaseId: $purchaseId) {
      id
      purchaseId
      kind
      status
      storyTitle
      refundReason
    }
  }
`);

/** How often the return page asks whether the webhook has confirmed the payment. */
export const PURCHASE_POLL_MS = 1500;
/** After this long the page says it is still waiting (it keeps asking). */
export const PURCHASE_PATIENCE_MS = 30_000;

interface PurchaseReturnProps {
  /** Called once when the purchase is confirmed: the reader refetches the story's full text. */
  onConfirmed?: () => void;
}

/**
 * The return from checkout (?purchase=<id> on the story page or /my/purchases): "Confirming your
 * purchase…" while the payment provider's webhook has not confirmed it, then thanks, or why not.
 * It only reads: the webhook alone makes a purchase paid (docs/decisions/031-payments.md).
 */
export function PurchaseReturn({ onConfirmed }: PurchaseReturnProps) {
  const [params] = useSearchParams();
  const purchaseId = params.get("purchase");
  const cancelled = params.get("checkout") === "cancelled";
  const { data, error, startPolling, stopPolling } = useQuery(PurchaseStatusQuery, {
    variables: { purchaseId: purchaseId ?? "" },
    skip: purchaseId === null || cancelled,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: false,
  });
  const status = data?.purchase?.status;
  const confirmedOnce = useRef(false);
  const [waitedLong, setWaitedLong] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), PURCHASE_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (purchaseId === null || cancelled) return;
    if (status === undefined || status === "PENDING") {
      startPolling(PURCHASE_POLL_MS);
      return () => stopPolling();
    }
    stopPolling();
    if (status === "PAID" && !confirmedOnce.current) {
      confirmedOnce.current = true;
      onConfirmed?.();
    }
    return undefined;
  }, [purchaseId, cancelled, status, startPolling, stopPolling, onConfirmed]);

  if (purchaseId === null) return null;
  if (cancelled) return <Alert tone="error">{PURCHASE_MESSAGES.cancelled}</Alert>;
  if (error && !data) return <Alert tone="error">{PURCHASE_MESSAGES.pollFailed}</Alert>;
  if (data && data.purchase === null) return null;
  if (status === "PAID") {
    return (
      <Alert tone="success">
        {data?.purchase?.kind === "PREMIUM"
          ? PURCHASE_MESSAGES.premiumConfirmed
          : PURCHASE_MESSAGES.confirmed}
      </Alert>
    );
  }
  if (status === "REFUNDED") {
    const reason = data?.purchase?.refundReason;
    return (
      <Alert tone="error">{(reason && REFUNDED_MESSAGES[reason]) ?? REFUNDED_OTHERWISE}</Alert>
    );
  }
  if (status === "FAILED" || status === "EXPIRED") {
    return <Alert tone="error">{PURCHASE_MESSAGES.failed}</Alert>;
  }
  return (
    <div className="purchase-return" role="status" aria-live="polite">
      <p>{waitedLong ? PURCHASE_MESSAGES.stillPending : PURCHASE_MESSAGES.confirming}</p>
    </div>
  );
}
