import { MockSubscriptionLink, type MockLink } from "@apollo/client/testing";
import { act, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { failingMock, PUBLIC_ID, STORY_ID, storyQueryMock } from "../../testing/reader-mocks";
import { renderRoute } from "../../testing/render-route";
import { storyFixture } from "../../testing/story-fixtures";
import { KeepRewriteMutation, RewritePassageMutation, StoryRewritesQuery } from "./rewrite-queries";

/** Waits for what the lazy tools and mocked answers draw, on a busy machine too. */
const DRAWN = { timeout: 10_000 };

// "Only the lighthouse stood." in the canonical text: after "Water rose over the city." and "\n\n".
const PASSAGE = { start: 27, end: 53 };
const ORIGINAL = "Only the lighthouse stood.";

const rewriteOf = (overrides: Record<string, unknown> = {}) => ({
  __typename: "PassageRewrite" as const,
  id: `PassageRewrite:${PUBLIC_ID}:r1`,
  rewriteId: "r1",
  status: "WRITING",
  chapterIndex: 0,
  ...PASSAGE,
  original: ORIGINAL,
  instruction: "DARKER",
  instructionText: null,
  alternatives: [] as string[],
  keptAlternative: null,
  keptVersion: null,
  error: null,
  noteIds: [] as string[],
  createdAt: "2026-11-27T10:00:00.000Z",
  ...overrides,
});

const ALTERNATIVES: [string, string, string] = [
  "Only the lighthouse stood, black against a drowned sky.",
  "Nothing but the lighthouse was left, cold and dark.",
  "The lighthouse alone stood over the dead water.",
];

function renderOwner(mocks: MockLink.MockedResponse[]) {
  const subscriptions = new MockSubscriptionLink();
  const rendered = renderRoute(`/stories/${PUBLIC_ID}`, {
    auth: { currentUser: signedInUser },
    mocks: [storyQueryMock(storyFixture()), ...mocks],
    subscriptions,
  });
  return { ...rendered, subscriptions };
}

/** Selects the whole paragraph holding `text`, as the owner's pointer would. */
function selectParagraph(text: string) {
  const paragraph = screen.getByText(text);
  const range = document.createRange();
  range.selectNodeContents(paragraph);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  document.dispatchEvent(new Event("selectionchange"));
}

/** Selects from `from` characters into the paragraph `first` to `to` characters into `last`. */
function selectAcross(first: string, from: number, last: string, to: number) {
  const range = document.createRange();
  range.setStart(screen.getByText(first).firstChild!, from);
  range.setEnd(screen.getByText(last).firstChild!, to);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  document.dispatchEvent(new Event("selectionchange"));
}

beforeAll(async () => {
  await import("./studio-tools");
}, 60_000);

describe("rewrite a passage", () => {
  it("rewrites the selected passage, shows the alternatives as they arrive, and keeps one", async () => {
    const { user, subscriptions } = renderOwner([
      {
        request: {
          query: RewritePassageMutation,
          variables: { id: STORY_ID, input: { ...PASSAGE, instruction: "DARKER" } },
        },
        result: { data: { rewritePassage: rewriteOf() } },
      },
      {
        request: {
          query: KeepRewriteMutation,
          variables: { id: STORY_ID, rewriteId: "r1", alternative: 1 },
        },
        result: {
          data: {
            keepRewrite: {
              __typename: "KeepRewritePayload",
              rewrite: rewriteOf({
                status: "KEPT",
                alternatives: ALTERNATIVES,
                keptAlternative: 1,
              }),
              story: {
                __typename: "Story",
                id: STORY_ID,
                title: "The Lantern Keeper",
                revisedAt: "2026-11-27T10:05:00.000Z",
                preview: "Water rose over the city.",
                content: {
                  __typename: "StoryContent",
                  chapters: [
                    {
                      __typename: "Chapter",
                      title: "The Flood",
                      paragraphs: ["Water rose over the city.", ALTERNATIVES[1]],
                      locked: false,
                    },
                    {
                      __typename: "Chapter",
                      title: "The Keeper",
                      paragraphs: ["Mira kept the lamp burning."],
                      locked: false,
                    },
                  ],
                },
                comments: [],
                versions: [],
                rewrites: [],
              },
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Rewrite" }, DRAWN));
    const panel = screen.getByRole("region", { name: "Rewrite a passage" });
    selectParagraph(ORIGINAL);
    expect(await within(panel).findByText(ORIGINAL)).toBeInTheDocument();
    await user.click(within(panel).getByRole("radio", { name: "Darker" }));
    await user.click(within(panel).getByRole("button", { name: "Rewrite" }));
    expect(await within(panel).findByText("Writing alternatives...", {}, DRAWN)).toBeVisible();

    // The first alternative grows, then all three are ready.
    act(() =>
      subscriptions.simulateResult({
        result: { data: { passageRewrite: rewriteOf({ alternatives: ["Only the light"] }) } },
      }),
    );
    expect(await within(panel).findByRole("tabpanel")).toHaveTextContent("Only the light");
    expect(within(panel).queryByRole("button", { name: "Keep this one" })).toBeNull();
    act(() =>
      subscriptions.simulateResult({
        result: {
          data: { passageRewrite: rewriteOf({ status: "READY", alternatives: ALTERNATIVES }) },
        },
      }),
    );
    const second = await within(panel).findByRole("tab", { name: "Alternative 2" });
    await user.click(second);
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(within(panel).getByRole("tabpanel")).toHaveTextContent(ALTERNATIVES[1]);
    await user.click(within(panel).getByRole("button", { name: "Keep this one" }));
    expect(await screen.findByText("Passage rewritten.", {}, DRAWN)).toBeInTheDocument();
    expect(screen.getByText(ALTERNATIVES[1])).toBeInTheDocument();
    expect(screen.queryByText(ORIGINAL)).toBeNull();
  });

  it("says the api's words when a rewrite is refused", async () => {
    const { user } = renderOwner([
      failingMock(
        RewritePassageMutation,
        { id: STORY_ID, input: { ...PASSAGE, instruction: "CUSTOM", text: "Make it rain" } },
        "A passage of this story is being rewritten. Wait for its alternatives, then try again.",
      ),
    ]);
    await user.click(await screen.findByRole("button", { name: "Rewrite" }, DRAWN));
    const panel = screen.getByRole("region", { name: "Rewrite a passage" });
    selectParagraph(ORIGINAL);
    await user.click(within(panel).getByRole("radio", { name: "Own words" }));
    const ownWords = within(panel).getByRole("textbox", { name: "Your instruction" });
    expect(ownWords).toHaveAttribute("maxLength", "300");
    await user.type(ownWords, "Make it rain");
    await user.click(within(panel).getByRole("button", { name: "Rewrite" }));
    expect(
      await within(panel).findByText(
        "A passage of this story is being rewritten. Wait for its alternatives, then try again.",
        {},
        DRAWN,
      ),
    ).toBeInTheDocument();
  });

  it("lists the story's past rewrites with their alternatives", async () => {
    const { user } = renderOwner([
      {
        request: { query: StoryRewritesQuery, variables: { publicId: PUBLIC_ID } },
        result: {
          data: {
            story: {
              __typename: "Story",
              id: STORY_ID,
              rewrites: [
                rewriteOf({ status: "KEPT", alternatives: ALTERNATIVES, keptAlternative: 2 }),
              ],
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "History" }, DRAWN));
    const rewrites = await screen.findByRole("region", { name: "Past rewrites" }, DRAWN);
    const entry = await within(rewrites).findByRole("listitem", { name: ORIGINAL }, DRAWN);
    expect(entry).toHaveTextContent("Darker");
    expect(entry).toHaveTextContent(`Kept alternative 3${ALTERNATIVES[2]}`);
    expect(entry).toHaveTextContent(ALTERNATIVES[0]);
  });

  it("rewrites a passage selected across paragraphs of a chapter as one", async () => {
    // From "rose over the city." to "Only the lighthouse": a blank line between them.
    const across = "rose over the city.\n\nOnly the lighthouse";
    const { user } = renderOwner([
      {
        request: {
          query: RewritePassageMutation,
          variables: { id: STORY_ID, input: { start: 6, end: 46, instruction: "SHORTER" } },
        },
        result: {
          data: { rewritePassage: rewriteOf({ start: 6, end: 46, original: across }) },
        },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Rewrite" }, DRAWN));
    const panel = screen.getByRole("region", { name: "Rewrite a passage" });
    selectAcross("Water rose over the city.", 6, ORIGINAL, 19);
    const quoted = await within(panel).findByText(
      (_, element) => element?.tagName === "BLOCKQUOTE" && element.textContent === across,
      {},
      DRAWN,
    );
    expect(quoted).toBeVisible();
    await user.click(within(panel).getByRole("button", { name: "Rewrite" }));
    expect(await within(panel).findByText("Writing alternatives...", {}, DRAWN)).toBeVisible();
  });

  it("says a selection across two chapters cannot be rewritten, before asking", async () => {
    const { user } = renderOwner([]);
    await user.click(await screen.findByRole("button", { name: "Rewrite" }, DRAWN));
    const panel = screen.getByRole("region", { name: "Rewrite a passage" });
    selectAcross(ORIGINAL, 5, "Mira kept the lamp burning.", 4);
    expect(
      await within(panel).findByText(
        "The selected passage must lie inside one chapter.",
        {},
        DRAWN,
      ),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Rewrite" }));
    expect(within(panel).queryByText("Writing alternatives...")).toBeNull();
  });
});
