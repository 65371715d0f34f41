import { screen } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { storyFixture } from "../../../testing/story-fixtures";
import { renderReaderAsAuthor, STORY_ID } from "../../../testing/reader-mocks";
import { SetStoryPriceMutation } from "./use-set-story-price";

const money = (amountCents: number, formatted: string) => ({
  __typename: "Money" as const,
  amountCents,
  currency: "usd",
  formatted,
});

const listed = (overrides = {}) =>
  storyFixture({ status: "COMPLETED", isPublic: true, moderationStatus: "APPROVED", ...overrides });

const priced = (priceCents: number | null, price: ReturnType<typeof money> | null) => ({
  request: { query: SetStoryPriceMutation, variables: { storyId: STORY_ID, priceCents } },
  result: {
    data: {
      setStoryPrice: {
        __typename: "SetStoryPricePayload",
        story: { __typename: "Story", id: STORY_ID, price },
      },
    },
  },
});

/** The price is in the Manage sheet of the reader bar. */
async function openManage(user: { click: (element: Element) => Promise<void> }) {
  await user.click(await screen.findByRole("button", { name: "Manage" }));
}

describe("the author's price", () => {
  it("offers Free and the four price points on a completed, public, approved story", async () => {
    const { user } = renderReaderAsAuthor(listed());
    await openManage(user);
    const select = await screen.findByRole("combobox", { name: "Price" });
    expect(select).toHaveValue("free");
    expect(
      Array.from((select as HTMLSelectElement).options).map((option) => option.textContent),
    ).toEqual(["Free", "$0.99", "$1.99", "$2.99", "$4.99"]);
  });

  it.each([
    ["private", { isPublic: false }],
    ["pending", { moderationStatus: "PENDING" }],
    ["rejected", { moderationStatus: "REJECTED" }],
  ])("is not offered on a %s story", async (_what, overrides) => {
    const { user } = renderReaderAsAuthor(listed(overrides));
    await openManage(user);
    await screen.findByRole("button", { name: /Make (Public|Private)/ });
    expect(screen.queryByRole("combobox", { name: "Price" })).not.toBeInTheDocument();
  });

  it("is not offered to a reader who is not the author", async () => {
    renderReaderAsAuthor(listed({ viewerIsAuthor: false }));
    await screen.findByText("Mira kept the lamp burning.");
    expect(screen.queryByRole("combobox", { name: "Price" })).not.toBeInTheDocument();
  });

  it("prices the story and says so; Free makes it free again", async () => {
    const { user } = renderReaderAsAuthor(listed(), [
      priced(199, money(199, "$1.99")),
      priced(null, null),
    ]);
    await openManage(user);
    const select = await screen.findByRole("combobox", { name: "Price" });
    await user.selectOptions(select, "$1.99");
    expect(await screen.findByText("Story is now priced at $1.99.")).toBeInTheDocument();
    expect(select).toHaveValue("199");
    await user.selectOptions(select, "Free");
    expect(await screen.findByText("Story is now free to read.")).toBeInTheDocument();
    expect(select).toHaveValue("free");
  });

  it("shows the server's reason and goes back to the old price when refused", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const reason = "Only a completed, public story that moderation has approved can be priced.";
    const { user } = renderReaderAsAuthor(listed(), [
      {
        request: { query: SetStoryPriceMutation, variables: { storyId: STORY_ID, priceCents: 99 } },
        result: { errors: [new GraphQLError(reason, { extensions: { code: "CONFLICT" } })] },
      },
    ]);
    await openManage(user);
    const select = await screen.findByRole("combobox", { name: "Price" });
    await user.selectOptions(select, "$0.99");
    expect(await screen.findByRole("alert")).toHaveTextContent(reason);
    expect(select).toHaveValue("free");
  });
});
