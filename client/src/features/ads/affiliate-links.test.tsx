import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AffiliateLinksQuery, TrackAffiliateClickMutation } from "./ad-queries";
import { AffiliateLinks } from "./affiliate-links";

// The reader's "Recommended" links (docs/decisions/032): sponsored, disclosed beside each link.

const link = (id: string, label: string, disclosure: string) => ({
  __typename: "AffiliateLink" as const,
  id,
  label,
  targetUrl: `https://books.example/${id}`,
  disclosure,
});

function renderLinks(
  items: ReturnType<typeof link>[],
  extra: MockLink.MockedResponse[] = [],
  answered = vi.fn(() => ({ data: { affiliateLinks: items } })),
) {
  return render(
    <MockedProvider
      mocks={[{ request: { query: AffiliateLinksQuery }, result: answered }, ...extra]}
      cache={new InMemoryCache()}
    >
      <div>
        <p>The story ends.</p>
        <AffiliateLinks />
      </div>
    </MockedProvider>,
  );
}

describe("the affiliate links under a story", () => {
  it("marks each link sponsored with its disclosure right beside it", async () => {
    renderLinks([
      link("atlas", "The Atlas", "Affiliate link · Storyloom may earn a commission"),
      link("charts", "Sea charts", "We earn from qualifying purchases."),
    ]);
    const section = await screen.findByRole("region", { name: "Recommended" });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const atlas = within(items[0]!).getByRole("link", { name: "The Atlas" });
    expect(atlas).toHaveAttribute("rel", "sponsored noopener");
    expect(atlas).toHaveAttribute("href", "https://books.example/atlas");
    expect(items[0]).toHaveTextContent(
      "The Atlas Affiliate link · Storyloom may earn a commission",
    );
    expect(items[1]).toHaveTextContent("Sea charts We earn from qualifying purchases.");
  });

  it("tracks a click through the mutation", async () => {
    const tracked = vi.fn(() => ({
      data: { trackAffiliateClick: { url: "https://books.example/atlas", counted: true } },
    }));
    renderLinks(
      [link("atlas", "The Atlas", "Affiliate link · Storyloom may earn a commission")],
      [
        {
          request: { query: TrackAffiliateClickMutation, variables: { id: "atlas" } },
          result: tracked,
        },
      ],
    );
    const anchor = await screen.findByRole("link", { name: "The Atlas" });
    anchor.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(anchor);
    await waitFor(() => expect(tracked).toHaveBeenCalledTimes(1));
  });

  it("shows nothing when there are no links (or the reader is premium)", async () => {
    const answered = vi.fn(() => ({ data: { affiliateLinks: [] } }));
    renderLinks([], [], answered);
    await waitFor(() => expect(answered).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(screen.getByText("The story ends.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Recommended" })).not.toBeInTheDocument();
  });
});
