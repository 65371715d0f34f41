import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { useParams } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { browser } from "./navigate-to";
import "./purchases.css";

export const TestCheckoutQuery = graphql(`
  query TestCheckout($sessionId: ID!) {
    testCheckout(sessionId: $sessionId) {
      sessionId
      description
      status
      successUrl
      cancelUrl
      price {
        amountCents
        currency
        formatted
      }
    }
  }
`);

export const PayTestCheckoutMutation = graphql(`
  mutation PayTestCheckout($sessionId: ID!) {
    payTestCheckout(sessionId: $sessionId) {
      redirectUrl
    }
  }
`);

export const CancelTestCheckoutMutation = graphql(`
  mutation CancelTestCheckout($sessionId: ID!) {
    cancelTestCheckout(sessionId: $sessionId) {
      redirectUrl
    }
  }
`);

export const TEST_CHECKOUT_MESSAGES = {
  title: "Test checkout — no money moves",
  explanation:
    "This site has no payment provider configured, so purchases go through this test page. Pay confirms the purchase exactly as a real payment would; no card is asked for and nothing is charged.",
  notFound: "There is no such checkout, or it is not yours.",
  closed: "This checkout is closed.",
  failed: "Could not reach the test checkout. Please try again.",
} as const;

/**
 * /checkout/test/:sessionId, the local provider's checkout (docs/decisions/031-payments.md):
 * clearly a test, with Pay and Cancel. Pay makes the api's local provider send a signed event to
 * its own webhook, then the browser returns to the story (or /my/purchases).
 */
export function TestCheckoutPage() {
  useDocumentTitle("Test checkout");
  const { sessionId = "" } = useParams();
  const { data, loading, error } = useQuery(TestCheckoutQuery, {
    variables: { sessionId },
    fetchPolicy: "network-only",
  });
  const [pay] = useMutation(PayTestCheckoutMutation);
  const [cancel] = useMutation(CancelTestCheckoutMutation);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function act(action: "pay" | "cancel") {
    setBusy(true);
    setFailure(null);
    try {
      const { data: answer } = await (action === "pay" ? pay : cancel)({
        variables: { sessionId },
      });
      const url =
        answer && "payTestCheckout" in answer
          ? answer.payTestCheckout.redirectUrl
          : answer && "cancelTestCheckout" in answer
            ? answer.cancelTestCheckout.redirectUrl
            : null;
      if (url) {
        browser.assign(url);
        return;
      }
      setFailure(TEST_CHECKOUT_MESSAGES.failed);
    } catch (caught) {
      console.warn("The test checkout failed", caught);
      setFailure(TEST_CHECKOUT_MESSAGES.failed);
    }
    setBusy(false);
  }

  let body;
  if (loading && !data) body = <PageLoading />;
  else if (error && !data) body = <Alert tone="error">{TEST_CHECKOUT_MESSAGES.failed}</Alert>;
  else if (!data?.testCheckout)
    body = <Alert tone="error">{TEST_CHECKOUT_MESSAGES.notFound}</Alert>;
  else {
    const session = data.testCheckout;
    const open = session.status === "PENDING";
    body = (
      <>
        <dl className="test-checkout__summary">
          <dt>Item</dt>
          <dd>{session.description}</dd>
          <dt>Total</dt>
          <dd>{session.price.formatted}</dd>
        </dl>
        {!open && <Alert tone="error">{TEST_CHECKOUT_MESSAGES.closed}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="test-checkout__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!open || busy}
            onClick={() => void act("pay")}
          >
            Pay {session.price.formatted}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => (open ? void act("cancel") : browser.assign(session.cancelUrl))}
          >
            Cancel
          </button>
        </div>
      </>
    );
  }

  return (
    <main className="page test-checkout">
      <p className="test-checkout__badge">TEST MODE</p>
      <h1>{TEST_CHECKOUT_MESSAGES.title}</h1>
      <p className="muted">{TEST_CHECKOUT_MESSAGES.explanation}</p>
      {body}
    </main>
  );
}
