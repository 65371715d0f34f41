import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { browser } from "./navigate-to";
import {
  CancelTestCheckoutMutation,
  PayTestCheckoutMutation,
  TEST_CHECKOUT_MESSAGES,
  TestCheckoutQuery,
} from "./test-checkout-page";

const session = (status = "PENDING") => ({
  request: { query: TestCheckoutQuery, variables: { sessionId: "cs_local_p1" } },
  result: {
    data: {
      testCheckout: {
        __typename: "TestCheckout" as const,
        sessionId: "cs_local_p1",
        description: "The Lantern Keeper",
        status,
        successUrl: "/stories/s1?purchase=p1",
        cancelUrl: "/stories/s1?purchase=p1&checkout=cancelled",
        price: {
          __typename: "Money" as const,
          amountCents: 199,
          currency: "usd",
          formatted: "$1.99",
        },
      },
    },
  },
});

const redirect = (
  query: typeof PayTestCheckoutMutation | typeof CancelTestCheckoutMutation,
  url: string,
) => ({
  request: { query, variables: { sessionId: "cs_local_p1" } },
  result: {
    data:
      query === PayTestCheckoutMutation
        ? { payTestCheckout: { __typename: "TestCheckoutRedirect" as const, redirectUrl: url } }
        : { cancelTestCheckout: { __typename: "TestCheckoutRedirect" as const, redirectUrl: url } },
  },
});

afterEach(() => vi.restoreAllMocks());

describe("the test checkout page", () => {
  it("is clearly a test, names what is bought and its price, and Pay returns to the story", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => undefined);
    const { user } = renderRoute("/checkout/test/cs_local_p1", {
      auth: { currentUser: signedInUser },
      mocks: [session(), redirect(PayTestCheckoutMutation, "/stories/s1?purchase=p1")],
    });
    expect(
      await screen.findByRole("heading", { name: TEST_CHECKOUT_MESSAGES.title }),
    ).toBeInTheDocument();
    expect(screen.getByText("TEST MODE")).toBeInTheDocument();
    expect(await screen.findByText("The Lantern Keeper")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pay $1.99" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/stories/s1?purchase=p1"));
  });

  it("cancels back to the story", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => undefined);
    const cancelUrl = "/stories/s1?purchase=p1&checkout=cancelled";
    const { user } = renderRoute("/checkout/test/cs_local_p1", {
      auth: { currentUser: signedInUser },
      mocks: [session(), redirect(CancelTestCheckoutMutation, cancelUrl)],
    });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(cancelUrl));
  });

  it("cannot pay a checkout that is closed, and says when there is no such checkout", async () => {
    renderRoute("/checkout/test/cs_local_p1", {
      auth: { currentUser: signedInUser },
      mocks: [session("PAID")],
    });
    expect(await screen.findByRole("button", { name: "Pay $1.99" })).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent(TEST_CHECKOUT_MESSAGES.closed);
  });

  it("says when the session is not the viewer's", async () => {
    renderRoute("/checkout/test/cs_local_p1", {
      auth: { currentUser: signedInUser },
      mocks: [{ ...session(), result: { data: { testCheckout: null } } }],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(TEST_CHECKOUT_MESSAGES.notFound);
  });
});
