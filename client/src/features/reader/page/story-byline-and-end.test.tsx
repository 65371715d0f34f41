import { MockSubscriptionLink, type MockLink } from "@apollo/client/testing";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../../testing/fake-auth";
import { renderRoute } from "../../../testing/render-route";
import { storyFixture } from "../../../testing/story-fixtures";
import { PUBLIC_ID, storyQueryMock } from "../../../testing/reader-mocks";
import { SubscribeToAuthorMutation } from "../../profile/use-toggle-subscription";
import { StoryAuthorQuery } from "../author/story-author";

// docs/product.md#story-text: the byline and meta line under the title, the end-of-story block.

const path = `/stories/${PUBLIC_ID}`;
const MIRA = { __typename: "User" as const, id: "User:u-mira", username: "mira" };

/** A reader's story by Mira: completed, public, 1,380 words, with a category and tags. */
const byMira = (overrides: Record<string, unknown> = {}) =>
  storyFixture({
    viewerIsAuthor: false,
    isPublic: true,
    author: MIRA,
    wordCount: 1380,
    tags: ["sea", "light"],
    category: { __typename: "Category", id: "Category:c1", publicId: "c1", name: "Fantasy" },
    ...overrides,
  });

/** Mira's profile as the reader asks for it: her other stories, and the viewer's subscription. */
function authorMock(viewerIsSubscribed = false): MockLink.MockedResponse {
  const story = (publicId: string, title: string) => ({
    __typename: "Story",
    id: `Story:${publicId}`,
    publicId,
    title,
  });
  return {
    request: { query: StoryAuthorQuery, variables: { username: "mira" } },
    result: {
      data: {
        userProfile: {
          __typename: "AuthorProfile",
          id: MIRA.id,
          username: "mira",
          subscriberCount: 4,
          viewerIsSubscribed,
          viewerSubscriptionId: viewerIsSubscribed ? "sub-1" : null,
          viewerIsSelf: false,
          stories: {
            __typename: "StoryConnection",
            edges: [
              { __typename: "StoryEdge", node: story(PUBLIC_ID, "The Lantern Keeper") },
              { __typename: "StoryEdge", node: story("tide", "The Tidewater Letters") },
              { __typename: "StoryEdge", node: story("salt", "Salt and Iron") },
            ],
          },
        },
      },
    },
  };
}

describe("a story page's byline and end", () => {
  it("names the author with a link and Subscribe, then the date, reading time, words, category and tags", async () => {
    renderRoute(path, {
      mocks: [storyQueryMock(byMira()), authorMock()],
      subscriptions: new MockSubscriptionLink(),
    });
    await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" });
    const [byline] = screen.getAllByRole("link", { name: "mira" });
    expect(byline).toHaveAttribute("href", "/profile/mira");
    // A visitor subscribes once signed in, and comes back to the story.
    const [subscribe] = screen.getAllByRole("link", { name: "Subscribe" });
    expect(subscribe).toHaveAttribute("href", `/login?next=${encodeURIComponent(path)}`);
    const meta = document.querySelector(".story-byline__meta")!;
    expect([...meta.children].map((part) => part.textContent)).toEqual([
      "May 3, 2026",
      "6 min read",
      "1,380 words",
    ]);
    expect(screen.getByRole("link", { name: "Fantasy" })).toHaveAttribute("href", "/categories/c1");
    expect(
      within(screen.getByRole("list", { name: "Tags" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["#sea", "#light"]);
    // The byline comes before the first words of the story.
    const firstParagraph = screen.getByText("Water rose over the city.");
    expect(byline!.compareDocumentPosition(firstParagraph)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("ends with The End, the author's card with Subscribe, the tags and more by the author", async () => {
    renderRoute(path, {
      mocks: [storyQueryMock(byMira()), authorMock()],
      subscriptions: new MockSubscriptionLink(),
    });
    const end = (await screen.findByRole("heading", { name: "The End" })).closest("section")!;
    expect(within(end).getByText(/Written by/)).toHaveTextContent("Written by mira");
    expect(within(end).getByRole("link", { name: "Subscribe" })).toBeInTheDocument();
    expect(
      within(within(end).getByRole("list", { name: "Tags of this story" })).getAllByRole("link"),
    ).toHaveLength(2);
    // Her other stories, not this one.
    const more = await within(end).findByRole("navigation", { name: "More by mira" });
    expect(
      within(more)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["The Tidewater Letters", "Salt and Iron"]);
    expect(within(more).getByRole("link", { name: "Salt and Iron" })).toHaveAttribute(
      "href",
      "/stories/salt",
    );
    // The last paragraph comes before the end.
    expect(screen.getByText("Mira kept the lamp burning.").compareDocumentPosition(end)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("lets a signed-in reader subscribe to the author from the byline", async () => {
    const subscribed = vi.fn(() => ({
      data: {
        subscribeToAuthor: {
          __typename: "AuthorProfile",
          id: MIRA.id,
          subscriberCount: 5,
          viewerIsSubscribed: true,
          viewerSubscriptionId: "sub-1",
        },
      },
    }));
    const { user } = renderRoute(path, {
      auth: { currentUser: signedInUser },
      mocks: [
        storyQueryMock(byMira()),
        authorMock(),
        {
          request: { query: SubscribeToAuthorMutation, variables: { authorId: MIRA.id } },
          result: subscribed,
        },
      ],
      subscriptions: new MockSubscriptionLink(),
    });
    await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" });
    const [subscribe] = screen.getAllByRole("button", { name: "Subscribe" });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe!);
    await waitFor(() => expect(subscribed).toHaveBeenCalled());
    expect(screen.getAllByRole("button", { name: "Unsubscribe" })[0]).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("shows no Subscribe to the author on their own story", async () => {
    renderRoute(path, {
      auth: { currentUser: signedInUser },
      mocks: [storyQueryMock(byMira({ viewerIsAuthor: true })), authorMock()],
      subscriptions: new MockSubscriptionLink(),
    });
    await screen.findByRole("heading", { name: "The End" });
    expect(screen.queryByRole("button", { name: "Subscribe" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Subscribe" })).not.toBeInTheDocument();
  });
});
