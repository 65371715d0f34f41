import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { AdminAds, AdminAdsQuery, CreateAdMutation, UpdateAdMutation } from "./admin-ads";
import {
  AdminAffiliateLinks,
  AdminAffiliateLinksQuery,
  CreateAffiliateLinkMutation,
  DeleteAffiliateLinkMutation,
} from "./admin-affiliate-links";
import { ModerationQueuesQuery, ModerationViewerQuery } from "./moderation-queries";

// The Ads and Affiliate links sections of /admin (docs/product.md#ads-and-affiliate-links).

preloadLazyPage(() => import("./admin-page"));

const ad = (changes: Record<string, unknown> = {}) => ({
  __typename: "AdminAd" as const,
  id: "Ad1",
  title: "Write your own story",
  body: "An outline is enough.",
  imageUrl: null,
  targetUrl: "https://storyloom.example/start",
  placement: "HOME" as const,
  weight: 3,
  startsAt: null,
  endsAt: null,
  paused: false,
  served: 12,
  views: 7,
  clicks: 2,
  rawViews: 9,
  rawClicks: 4,
  ...changes,
});

const link = (changes: Record<string, unknown> = {}) => ({
  __typename: "AdminAffiliateLink" as const,
  id: "Link1",
  label: "The Atlas",
  targetUrl: "https://books.example/atlas",
  disclosure: null,
  active: true,
  clicks: 5,
  rawClicks: 8,
  ...changes,
});

function renderSection(section: "ads" | "links", mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
      {section === "ads" ? <AdminAds /> : <AdminAffiliateLinks />}
    </MockedProvider>,
  );
}

describe("the admins' Ads section", () => {
  it("lists each ad with its counted and raw figures", async () => {
    renderSection("ads", [
      { request: { query: AdminAdsQuery }, result: { data: { adminAds: [ad()] } } },
    ]);
    const item = await screen.findByRole("listitem", { name: "Write your own story" });
    expect(item).toHaveTextContent("Home feed");
    expect(item).toHaveTextContent(
      "Running · weight 3 · served 12 · views 7 (raw 9) · clicks 2 (raw 4)",
    );
  });

  it("adds an ad and shows it in the list", async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => ({ data: { createAd: { __typename: "AdminAd", id: "Ad2" } } }));
    renderSection("ads", [
      { request: { query: AdminAdsQuery }, result: { data: { adminAds: [] } } },
      {
        request: {
          query: CreateAdMutation,
          variables: {
            input: {
              title: "Between passages",
              body: "",
              imageUrl: "https://example.com/a.png",
              targetUrl: "https://a.example/",
              placement: "READER",
              weight: 1,
              startsAt: null,
              endsAt: null,
            },
          },
        },
        result: created,
      },
      {
        request: { query: AdminAdsQuery },
        result: {
          data: { adminAds: [ad({ id: "Ad2", title: "Between passages", placement: "READER" })] },
        },
      },
    ]);
    expect(await screen.findByText("No ads yet.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Title"), "Between passages");
    await user.type(screen.getByLabelText("Picture address (https)"), "https://example.com/a.png");
    await user.type(screen.getByLabelText("Link address"), "https://a.example/");
    await user.selectOptions(screen.getByLabelText("Placement"), "READER");
    await user.click(screen.getByRole("button", { name: "Add ad" }));
    const item = await screen.findByRole("listitem", { name: "Between passages" });
    expect(item).toHaveTextContent("Between passages");
    expect(created).toHaveBeenCalledTimes(1);
  });

  it("pauses a running ad", async () => {
    const user = userEvent.setup();
    renderSection("ads", [
      { request: { query: AdminAdsQuery }, result: { data: { adminAds: [ad()] } } },
      {
        request: { query: UpdateAdMutation, variables: { id: "Ad1", input: { paused: true } } },
        result: { data: { updateAd: { ...ad({ paused: true }) } } },
      },
    ]);
    const item = await screen.findByRole("listitem", { name: "Write your own story" });
    await user.click(within(item).getByRole("button", { name: "Pause" }));
    expect(await within(item).findByRole("button", { name: "Resume" })).toBeInTheDocument();
    expect(item).toHaveTextContent(/^Write your own story.*Paused/);
  });

  it("edits an ad in its row: the form closes once saved, and stays open with the api's words when refused", async () => {
    const user = userEvent.setup();
    const saved = vi.fn(() => ({
      data: { updateAd: { ...ad({ title: "Write a story tonight" }) } },
    }));
    renderSection("ads", [
      { request: { query: AdminAdsQuery }, result: { data: { adminAds: [ad()] } } },
      {
        request: { query: UpdateAdMutation, variables: () => true },
        result: {
          errors: [
            new GraphQLError("ends_at must be after starts_at.", {
              extensions: { code: "BAD_USER_INPUT", field: "ends_at" },
            }),
          ],
        },
      },
      { request: { query: UpdateAdMutation, variables: () => true }, result: saved },
    ]);
    const item = await screen.findByRole("listitem", { name: "Write your own story" });
    await user.click(within(item).getByRole("button", { name: "Edit" }));
    const title = within(item).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Write a story tonight");
    await user.click(within(item).getByRole("button", { name: "Save ad" }));
    expect(await within(item).findByRole("alert")).toHaveTextContent(
      "ends_at must be after starts_at.",
    );
    expect(within(item).getByRole("button", { name: "Save ad" })).toBeInTheDocument();

    await user.click(within(item).getByRole("button", { name: "Save ad" }));
    const renamed = await screen.findByRole("listitem", { name: "Write a story tonight" });
    await waitFor(() =>
      expect(within(renamed).queryByRole("button", { name: "Save ad" })).not.toBeInTheDocument(),
    );
    expect(within(renamed).queryByRole("alert")).not.toBeInTheDocument();
    expect(saved).toHaveBeenCalledTimes(1);
    expect(within(renamed).getByRole("button", { name: "Edit" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  it("shows the api's words for a refused address", async () => {
    const user = userEvent.setup();
    renderSection("ads", [
      { request: { query: AdminAdsQuery }, result: { data: { adminAds: [] } } },
      {
        request: { query: CreateAdMutation, variables: () => true },
        result: {
          errors: [
            new GraphQLError("image_url must be an https address.", {
              extensions: { code: "BAD_USER_INPUT", field: "image_url" },
            }),
          ],
        },
      },
    ]);
    await screen.findByText("No ads yet.");
    await user.type(screen.getByLabelText("Title"), "Plain");
    await user.type(screen.getByLabelText("Link address"), "https://a.example/");
    await user.click(screen.getByRole("button", { name: "Add ad" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "image_url must be an https address.",
    );
  });
});

describe("the admins' Affiliate links section", () => {
  it("lists links with the disclosure readers see and their clicks", async () => {
    renderSection("links", [
      {
        request: { query: AdminAffiliateLinksQuery },
        result: {
          data: {
            adminAffiliateLinks: [
              link(),
              link({ id: "Link2", label: "Charts", disclosure: "Paid link.", active: false }),
            ],
          },
        },
      },
    ]);
    const atlas = await screen.findByRole("listitem", { name: "The Atlas" });
    expect(atlas).toHaveTextContent(
      "Shown · “Affiliate link · Storyloom may earn a commission” · clicks 5 (raw 8)",
    );
    const charts = screen.getByRole("listitem", { name: "Charts" });
    expect(charts).toHaveTextContent("Hidden · “Paid link.”");
    expect(within(charts).getByRole("button", { name: "Show" })).toBeInTheDocument();
  });

  it("adds a link, and deletes one", async () => {
    const user = userEvent.setup();
    renderSection("links", [
      {
        request: { query: AdminAffiliateLinksQuery },
        result: { data: { adminAffiliateLinks: [link()] } },
      },
      {
        request: {
          query: CreateAffiliateLinkMutation,
          variables: {
            input: { label: "Charts", targetUrl: "https://books.example/charts", disclosure: null },
          },
        },
        result: {
          data: { createAffiliateLink: { __typename: "AdminAffiliateLink", id: "Link2" } },
        },
      },
      {
        request: { query: AdminAffiliateLinksQuery },
        result: {
          data: { adminAffiliateLinks: [link({ id: "Link2", label: "Charts" }), link()] },
        },
      },
      {
        request: { query: DeleteAffiliateLinkMutation, variables: { id: "Link1" } },
        result: {
          data: {
            deleteAffiliateLink: { __typename: "AdminDeletePayload", id: "Link1", deleted: true },
          },
        },
      },
      {
        request: { query: AdminAffiliateLinksQuery },
        result: { data: { adminAffiliateLinks: [link({ id: "Link2", label: "Charts" })] } },
      },
    ]);
    await screen.findByRole("listitem", { name: "The Atlas" });
    await user.type(screen.getByLabelText("Label"), "Charts");
    await user.type(screen.getByLabelText("Link address"), "https://books.example/charts");
    await user.click(screen.getByRole("button", { name: "Add link" }));
    await screen.findByRole("listitem", { name: "Charts" });
    const atlas = screen.getByRole("listitem", { name: "The Atlas" });
    await user.click(within(atlas).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(screen.queryByRole("listitem", { name: "The Atlas" })).not.toBeInTheDocument(),
    );
  });
});

describe("on /admin", () => {
  it("shows the Ads and Affiliate links sections to admins only", async () => {
    const viewer = (roles: string[]): MockLink.MockedResponse => ({
      request: { query: ModerationViewerQuery },
      result: { data: { viewer: { __typename: "Viewer", id: "User:1", roles } } },
      maxUsageCount: 5,
    });
    const emptyQueues: MockLink.MockedResponse = {
      request: { query: ModerationQueuesQuery },
      result: { data: { pendingComments: [], pendingStories: [] } },
      maxUsageCount: 5,
    };
    renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [viewer(["MODERATOR"]), emptyQueues],
    });
    expect(await screen.findByText("No comments are waiting for a decision.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Ads" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Affiliate links" })).not.toBeInTheDocument();
  });
});
