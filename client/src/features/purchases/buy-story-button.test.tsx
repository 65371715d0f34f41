import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HeldAnswers } from "../../testing/held-answers";
import { BuyStoryButton } from "./buy-story-button";
import { PURCHASE_MESSAGES } from "./messages";
import { browser } from "./navigate-to";
import { renderStandalone } from "../../testing/render-standalone";
import { PurchaseStoryMutation } from "./use-purchase-story";

const price = { amountCents: 199, currency: "usd", formatted: "$1.99" };

const answer = (checkoutUrl: string | null, status = "PENDING") => ({
  request: { query: PurchaseStoryMutation, variables: { storyId: "Story:s1" } },
  result: {
    data: {
      purchaseStory: {
        __typename: "PurchasePayload" as const,
        checkoutUrl,
        purchase: {
          __typename: "Purchase" as const,
          id: "Purchase:p1",
          purchaseId: "p1",
          status,
          storyPublicId: "s1",
        },
      },
    },
  },
});

afterEach(() => vi.restoreAllMocks());

describe("BuyStoryButton", () => {
  it("starts one checkout however often it is clicked, then sends the browser there", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => undefined);
    const held = new HeldAnswers();
    const release = held.hold("PurchaseStory");
    // One answer only: a second request would find no mock and fail.
    const { user } = renderStandalone(<BuyStoryButton storyId="Story:s1" price={price} />, {
      mocks: [answer("https://checkout.example/c/1")],
      held,
    });
    const button = screen.getByRole("button", { name: "Buy for $1.99" });
    await user.click(button);
    expect(screen.getByRole("button", { name: "Opening checkout…" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Opening checkout…" }));
    await release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/c/1"));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("goes straight to the confirmation when the story is already owned", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => undefined);
    const { user, router } = renderStandalone(<BuyStoryButton storyId="Story:s1" price={price} />, {
      mocks: [answer(null, "PAID")],
    });
    await user.click(screen.getByRole("button", { name: "Buy for $1.99" }));
    await waitFor(() => expect(router.state.location.search).toBe("?purchase=p1"));
    expect(assign).not.toHaveBeenCalled();
  });

  it("says so when the purchase cannot start, and can be tried again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { user } = renderStandalone(<BuyStoryButton storyId="Story:s1" price={price} />, {
      mocks: [
        {
          request: { query: PurchaseStoryMutation, variables: { storyId: "Story:s1" } },
          result: {
            errors: [
              {
                message: "This story is free to read.",
                extensions: { code: "CONFLICT", reason: "NOT_FOR_SALE" },
              },
            ],
          },
        },
      ],
    });
    await user.click(screen.getByRole("button", { name: "Buy for $1.99" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PURCHASE_MESSAGES.notForSale);
    expect(screen.getByRole("button", { name: "Buy for $1.99" })).toBeEnabled();
  });
});
