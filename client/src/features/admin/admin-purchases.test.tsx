import type { MockLink } from "@apollo/client/testing";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { AdminCategoriesQuery } from "./admin-categories";
import { GrantPremiumMutation, PremiumUserQuery, RevokePremiumMutation } from "./admin-premium";
import {
  AdminPurchasesQuery,
  PurchaseEventsQuery,
  RefundPurchaseMutation,
} from "./admin-purchases";
import { ModerationQueuesQuery, ModerationViewerQuery } from "./moderation-queries";

preloadLazyPage(() => import("./admin-page"));

const viewer = (roles: string[]): MockLink.MockedResponse => ({
  request: { query: ModerationViewerQuery },
  result: { data: { viewer: { __typename: "Viewer", id: "User:1", roles } } },
  maxUsageCount: 5,
});
const background: MockLink.MockedResponse[] = [
  {
    request: { query: ModerationQueuesQuery },
    result: { data: { pendingComments: [], pendingStories: [] } },
    maxUsageCount: 5,
  },
  {
    request: { query: AdminCategoriesQuery },
    result: { data: { categories: [] } },
    maxUsageCount: 5,
  },
];

const row = (status: string) => ({
  __typename: "AdminPurchase" as const,
  buyerId: "User:b",
  buyerUsername: "mara",
  buyerEmail: "mara@example.com",
  provider: "local",
  providerPaymentId: "pi_local_p1",
  purchase: {
    __typename: "Purchase" as const,
    id: "Purchase:p1",
    kind: "STORY",
    status,
    storyTitle: "The Lantern Keeper",
    premiumDays: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    refundReason: null,
    price: { __typename: "Money" as const, formatted: "$1.99" },
  },
});

describe("the admins' Purchases section", () => {
  it("searches purchases, shows a purchase's event log and refunds it", async () => {
    const { user } = renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [
        viewer(["ADMIN"]),
        ...background,
        {
          request: { query: AdminPurchasesQuery, variables: { query: null } },
          result: { data: { adminPurchases: [] } },
        },
        {
          request: { query: AdminPurchasesQuery, variables: { query: "mara" } },
          result: { data: { adminPurchases: [row("PAID")] } },
        },
        {
          request: { query: PurchaseEventsQuery, variables: { id: "Purchase:p1" } },
          result: {
            data: {
              purchaseEvents: [
                {
                  __typename: "PaymentEvent" as const,
                  eventId: "evt_1",
                  type: "checkout.session.completed",
                  outcome: "applied",
                  receivedAt: "2026-11-20T10:01:00.000Z",
                },
              ],
            },
          },
        },
        {
          request: { query: RefundPurchaseMutation, variables: { id: "Purchase:p1" } },
          result: {
            data: {
              refundPurchase: {
                __typename: "Purchase" as const,
                id: "Purchase:p1",
                status: "REFUNDED",
                refundReason: "admin",
              },
            },
          },
        },
      ],
    });
    const section = await screen.findByRole("region", { name: "Purchases" });
    expect(await within(section).findByText("No purchases match.")).toBeInTheDocument();
    await user.type(within(section).getByRole("searchbox", { name: "Buyer or story" }), "mara");
    await user.click(within(section).getByRole("button", { name: "Search" }));
    const found = await within(section).findByRole("list", { name: "Purchases found" });
    expect(found).toHaveTextContent("The Lantern Keeper · $1.99 · mara <mara@example.com> · paid");
    await user.click(within(found).getByRole("button", { name: "Event log" }));
    expect(await within(found).findByRole("list", { name: "Event log" })).toHaveTextContent(
      "checkout.session.completed · applied",
    );
    await user.click(within(found).getByRole("button", { name: "Refund" }));
    expect(await within(found).findByText(/refunded \(admin\)/)).toBeInTheDocument();
    expect(within(found).queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
  });

  it("is not shown to moderators who are not admins", async () => {
    renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [viewer(["MODERATOR"]), ...background],
    });
    expect(await screen.findByRole("heading", { name: "Moderation" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Purchases" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Premium" })).not.toBeInTheDocument();
  });
});

describe("the admins' Premium section", () => {
  it("grants premium to a username for some days, and revokes it", async () => {
    const profile = {
      request: { query: PremiumUserQuery, variables: { username: "mara" } },
      result: {
        data: {
          userProfile: { __typename: "AuthorProfile" as const, id: "User:m", username: "mara" },
        },
      },
      maxUsageCount: 2,
    };
    const { user } = renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [
        viewer(["ADMIN"]),
        ...background,
        {
          request: { query: AdminPurchasesQuery, variables: { query: null } },
          result: { data: { adminPurchases: [] } },
        },
        profile,
        {
          request: { query: GrantPremiumMutation, variables: { userId: "User:m", days: 7 } },
          result: {
            data: {
              grantPremium: {
                __typename: "PremiumStatus" as const,
                userId: "User:m",
                isPremium: true,
                premiumUntil: "2026-12-01T00:00:00.000Z",
              },
            },
          },
        },
        {
          request: { query: RevokePremiumMutation, variables: { userId: "User:m" } },
          result: {
            data: {
              revokePremium: {
                __typename: "PremiumStatus" as const,
                userId: "User:m",
                isPremium: false,
                premiumUntil: null,
              },
            },
          },
        },
      ],
    });
    const section = await screen.findByRole("region", { name: "Premium" });
    await user.type(within(section).getByRole("textbox", { name: "Username" }), "@mara");
    const days = within(section).getByRole("spinbutton", { name: "Days" });
    await user.clear(days);
    await user.type(days, "7");
    await user.click(within(section).getByRole("button", { name: "Grant premium" }));
    expect(await within(section).findByRole("status")).toHaveTextContent(
      "@mara is premium until Tue, 01 Dec 2026 00:00:00 GMT.",
    );
    await user.click(within(section).getByRole("button", { name: "Revoke granted premium" }));
    expect(await within(section).findByText("@mara is not premium any more.")).toBeInTheDocument();
  });
});
