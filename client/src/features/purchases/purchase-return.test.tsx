import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PURCHASE_MESSAGES, REFUNDED_MESSAGES } from "./messages";
import { PurchaseReturn, PurchaseStatusQuery } from "./purchase-return";
import { renderStandalone } from "../../testing/render-standalone";

const status = (value: string, refundReason: string | null = null) => ({
  request: { query: PurchaseStatusQuery, variables: { purchaseId: "p1" } },
  result: {
    data: {
      purchase: {
        __typename: "Purchase" as const,
        id: "Purchase:p1",
        purchaseId: "p1",
        kind: "STORY",
        status: value,
        storyTitle: "The Lantern Keeper",
        refundReason,
      },
    },
  },
});

describe("PurchaseReturn", () => {
  it("shows nothing without a purchase in the address", () => {
    const { container } = renderStandalone(<PurchaseReturn />, { entry: "/stories/s1" });
    expect(container).toBeEmptyDOMElement();
  });

  it("confirms while the payment is pending, then thanks once the webhook made it paid, and lets the reader refetch", async () => {
    const onConfirmed = vi.fn();
    renderStandalone(<PurchaseReturn onConfirmed={onConfirmed} />, {
      entry: "/stories/s1?purchase=p1",
      mocks: [status("PENDING"), status("PAID")],
    });
    expect(await screen.findByText(PURCHASE_MESSAGES.confirming)).toBeInTheDocument();
    expect(
      await screen.findByText(PURCHASE_MESSAGES.confirmed, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
  });

  it("says the payment did not go through when the checkout expired or failed", async () => {
    renderStandalone(<PurchaseReturn />, {
      entry: "/stories/s1?purchase=p1",
      mocks: [status("EXPIRED")],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(PURCHASE_MESSAGES.failed);
  });

  it("says why a payment was given back when it was refused as it arrived", async () => {
    renderStandalone(<PurchaseReturn />, {
      entry: "/stories/s1?purchase=p1",
      mocks: [status("REFUNDED", "offer-changed")],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(REFUNDED_MESSAGES["offer-changed"]!);
  });

  it("says nothing was charged after a cancelled checkout, without asking the server", async () => {
    renderStandalone(<PurchaseReturn />, { entry: "/stories/s1?purchase=p1&checkout=cancelled" });
    expect(await screen.findByRole("alert")).toHaveTextContent(PURCHASE_MESSAGES.cancelled);
  });
});
