import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import {
  MY_PURCHASES_MESSAGES,
  MY_PURCHASES_PAGE_SIZE,
  MyPurchasesQuery,
} from "./my-purchases-page";
import { browser } from "./navigate-to";
import { PurchasePremiumMutation } from "./use-purchase-premium";

const money = (formatted: string, amountCents: number) => ({
  __typename: "Money" as const,
  amountCents,
  currency: "usd",
  formatted,
});

const purchasesMock = (premiumUntil: string | null, nodes: object[]) => ({
  request: { query: MyPurchasesQuery, variables: { first: MY_PURCHASES_PAGE_SIZE } },
  result: {
    data: {
      viewer: {
        __typename: "Viewer" as const,
        id: "User:1",
        isPremium: premiumUntil !== null,
        premiumUntil,
      },
      myPurchases: {
        __typename: "PurchaseConnection" as const,
        edges: nodes.map((node, index) => ({
          __typename: "PurchaseEdge" as const,
          cursor: `c${index}`,
          node,
        })),
        pageInfo: { __typename: "PageInfo" as const, hasNextPage: false, endCursor: null },
      },
    },
  },
});

const storyPurchase = {
  __typename: "Purchase" as const,
  id: "Purchase:p1",
  kind: "STORY",
  status: "PAID",
  storyPublicId: "s1",
  storyTitle: "The Lantern Keeper",
  premiumDays: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  paidAt: "2026-11-20T10:01:00.000Z",
  price: money("$1.99", 199),
};

afterEach(() => vi.restoreAllMocks());

describe("My Purchases", () => {
  it("lists the stories bought with their date, amount and status, and the premium end", async () => {
    renderRoute("/my/purchases", {
      auth: { currentUser: signedInUser },
      mocks: [
        purchasesMock("2026-12-24T00:00:00.000Z", [
          storyPurchase,
          {
            ...storyPurchase,
            id: "Purchase:p2",
            kind: "PREMIUM",
            storyPublicId: null,
            storyTitle: null,
            premiumDays: 30,
            price: money("$4.99", 499),
          },
        ]),
      ],
    });
    const table = await screen.findByRole("table", { name: "Purchases" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("link", { name: "The Lantern Keeper" })).toHaveAttribute(
      "href",
      "/stories/s1",
    );
    expect(rows[0]).toHaveTextContent("Nov 20, 2026");
    expect(rows[0]).toHaveTextContent("$1.99");
    expect(rows[0]).toHaveTextContent("Paid");
    expect(rows[1]).toHaveTextContent("Premium, 30 days");
    expect(screen.getByText("You are premium until Dec 24, 2026.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Extend premium" })).toBeInTheDocument();
  });

  it("offers premium to a reader without it, and Get premium opens its checkout", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => undefined);
    const { user } = renderRoute("/my/purchases", {
      auth: { currentUser: signedInUser },
      mocks: [
        purchasesMock(null, []),
        {
          request: { query: PurchasePremiumMutation },
          result: {
            data: {
              purchasePremium: {
                __typename: "PurchasePayload" as const,
                checkoutUrl: "/checkout/test/cs_local_p9",
                purchase: {
                  __typename: "Purchase" as const,
                  id: "Purchase:p9",
                  purchaseId: "p9",
                  status: "PENDING",
                },
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByText(MY_PURCHASES_MESSAGES.notPremium)).toBeInTheDocument();
    expect(screen.getByText(MY_PURCHASES_MESSAGES.none)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Get premium" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/checkout/test/cs_local_p9"));
  });
});
