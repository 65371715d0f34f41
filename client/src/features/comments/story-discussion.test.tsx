import type { MockLink } from "@apollo/client/testing";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { preloadLazyPage } from "../../testing/first-render";
import { HeldAnswers } from "../../testing/held-answers";
import { renderRoute } from "../../testing/render-route";
import { storyFixture } from "../../testing/story-fixtures";
import { PUBLIC_ID, STORY_ID, storyQueryMock } from "../../testing/reader-mocks";
import { commentFixture, commentsQueryMock, commentViewerMock } from "../../testing/comment-mocks";
import { StoryCommentsQuery } from "./story-comments-query";
import { AddStoryCommentMutation } from "./use-add-comment";
import { DeleteStoryCommentMutation } from "./use-delete-comment";
import { ReportStoryCommentMutation } from "./use-report-comment";

const path = `/stories/${PUBLIC_ID}`;

preloadLazyPage(() => import("../reader/page/story-page"));

function renderReader(options: {
  signedIn?: boolean;
  /** What the sidebar's query answers; its length is the story's comment count. */
  comments?: ReturnType<typeof commentFixture>[];
  /** Replaces the sidebar's query answer (a failure). */
  commentsMock?: MockLink.MockedResponse;
  mocks?: MockLink.MockedResponse[];
  held?: HeldAnswers;
}) {
  const comments = options.comments ?? [];
  const story = storyFixture({
    viewerIsAuthor: false,
    isPublic: true,
    commentCount: comments.length,
  });
  const signedIn = options.signedIn ?? true;
  return renderRoute(path, {
    auth: signedIn ? { currentUser: signedInUser } : {},
    mocks: [
      storyQueryMock(story),
      options.commentsMock ?? commentsQueryMock(comments),
      ...(signedIn ? [commentViewerMock()] : []),
      ...(options.mocks ?? []),
    ],
    held: options.held,
  });
}

// The first render of the reader can be slow on a busy machine (lazy chunks, first transforms).
const FIRST_RENDER_MS = 5000;

/** The "Comments (N)" button that opens the sidebar, once the story has rendered. */
function findLauncher(count: number) {
  return screen.findByRole("button", { name: `Comments (${count})` }, { timeout: FIRST_RENDER_MS });
}

/** A signed-in reader (comments start enabled) opens the sidebar. */
async function openEnabledSidebar(user: ReturnType<typeof renderRoute>["user"], count = 0) {
  await screen.findByRole("button", { name: "Disable comments" }, { timeout: FIRST_RENDER_MS });
  await user.click(screen.getByRole("button", { name: `Comments (${count})` }));
  return screen.getByRole("dialog", { name: "Comments" });
}

const addVariables = (content: string, parentId: string | null = null) => ({
  input: { storyId: STORY_ID, content, parentId, location: null },
});

/** The signed-in reader's own comment, as the server returns it. */
const ownComment = (overrides: Partial<Record<string, unknown>>) =>
  commentFixture({
    viewerCanDelete: true,
    viewerCanReport: false,
    author: { __typename: "User", id: "User:user-1", username: "reader", avatarUrl: null },
    ...overrides,
  });

/** The server saving a top-level comment (or a reply to parentId) and answering with it. */
function addCommentMock(
  content: string,
  parentId: string | null,
  saved: ReturnType<typeof commentFixture>,
  delay?: number,
): MockLink.MockedResponse {
  return {
    request: { query: AddStoryCommentMutation, variables: addVariables(content, parentId) },
    result: { data: { addComment: saved } },
    ...(delay === undefined ? {} : { delay }),
  };
}

describe("comment sidebar texts", () => {
  it("shows a visitor the comments and asks them to log in to comment", async () => {
    const { user } = renderReader({ signedIn: false });
    await user.click(await findLauncher(0));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    expect(
      await within(sidebar).findByText("No comments yet. Be the first to share your thoughts!"),
    ).toBeInTheDocument();
    expect(
      within(sidebar).getByRole("link", { name: "Please log in to comment." }),
    ).toHaveAttribute("href", `/login?next=${encodeURIComponent(path)}`);
    expect(within(sidebar).queryByRole("textbox", { name: "Comment" })).not.toBeInTheDocument();
  });

  it("shows a signed-in reader the discussion at once: comments start enabled", async () => {
    const { user } = renderReader({});
    await user.click(await findLauncher(0));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    expect(
      await within(sidebar).findByText("No comments yet. Be the first to share your thoughts!"),
    ).toBeInTheDocument();
    expect(within(sidebar).getByRole("textbox", { name: "Comment" })).toBeInTheDocument();
  });

  it("tells a reader who disabled comments that they are disabled until enabled, without loading them", async () => {
    localStorage.setItem("storyloom.commentsDisabled", "1");
    const { user } = renderReader({});
    await user.click(await findLauncher(0));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    expect(
      within(sidebar).getByText(
        "Comments are currently disabled. Enable comments to view and add annotations.",
      ),
    ).toBeInTheDocument();
    expect(within(sidebar).getByText("Enable comments to add your thoughts.")).toBeInTheDocument();
    await user.click(within(sidebar).getByRole("button", { name: "Enable comments" }));
    expect(
      await within(sidebar).findByText("No comments yet. Be the first to share your thoughts!"),
    ).toBeInTheDocument();
    expect(within(sidebar).getByRole("textbox", { name: "Comment" })).toBeInTheDocument();
  });

  it("says Could not load comments. when loading fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderReader({
      signedIn: false,
      commentsMock: {
        request: { query: StoryCommentsQuery, variables: { publicId: PUBLIC_ID } },
        error: new Error("network down"),
      },
    });
    await user.click(await findLauncher(0));
    expect(await screen.findByText("Could not load comments.")).toBeInTheDocument();
  });

  it("closes with the close button and unlocks the page's scrolling", async () => {
    const { user } = renderReader({ signedIn: false });
    await user.click(await findLauncher(0));
    expect(document.body.style.overflow).toBe("hidden");
    await user.click(screen.getByRole("button", { name: "Close comments" }));
    expect(screen.queryByRole("dialog", { name: "Comments" })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe("");
  });

  it("keeps Tab inside the open sidebar, as a modal dialog does", async () => {
    const { user } = renderReader({ signedIn: false });
    await user.click(await findLauncher(0));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    const close = within(sidebar).getByRole("button", { name: "Close comments" });
    const logIn = within(sidebar).getByRole("link", { name: "Please log in to comment." });
    expect(close).toHaveFocus();
    await user.tab();
    expect(logIn).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(logIn).toHaveFocus();
  });
});

describe("comments in the sidebar", () => {
  it("shows the author link, the Author badge, the age and nested replies", async () => {
    const reply = commentFixture({
      id: "Comment:2",
      parentId: "Comment:1",
      content: "Thank you!",
      isByStoryAuthor: true,
      author: { __typename: "User", id: "User:ana", username: "ana", avatarUrl: null },
    });
    const { user } = renderReader({
      signedIn: false,
      comments: [commentFixture({ replies: [reply] })],
    });
    await user.click(await findLauncher(1));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    const discussion = await within(sidebar).findByRole("region", { name: "Discussion" });
    expect(within(discussion).getByRole("link", { name: "mira" })).toHaveAttribute(
      "href",
      "/profile/mira",
    );
    expect(within(discussion).getAllByText("3d ago")).toHaveLength(2);
    const replyItem = within(discussion).getByText("Thank you!").closest("li");
    expect(replyItem?.parentElement?.closest("li")).toHaveTextContent("What a haunting opening.");
    expect(within(replyItem as HTMLElement).getByText("Author")).toBeInTheDocument();
  });

  it("says on a note that shaped the story, and on no other", async () => {
    const shaping = commentFixture({
      id: "Comment:7",
      content: "Slow it down.",
      shapedStory: true,
    });
    const other = commentFixture({ id: "Comment:8", content: "Lovely." });
    const { user } = renderReader({ signedIn: false, comments: [shaping, other] });
    await user.click(await findLauncher(2));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    const discussion = await within(sidebar).findByRole("region", { name: "Discussion" });
    const shapingItem = within(discussion).getByText("Slow it down.").closest("li");
    const otherItem = within(discussion).getByText("Lovely.").closest("li");
    expect(within(shapingItem as HTMLElement).getByText("Shaped the story")).toBeInTheDocument();
    expect(within(otherItem as HTMLElement).queryByText("Shaped the story")).toBeNull();
  });

  it("collapses a general comment over 200 characters behind Show more, but never an inline note", async () => {
    const long = "The tide kept rising. ".repeat(10);
    const { user } = renderReader({
      signedIn: false,
      comments: [
        commentFixture({ content: long }),
        commentFixture({
          id: "Comment:3",
          content: `Inline: ${long}`,
          isInline: true,
          location: { __typename: "CommentLocation", start: 0, end: 5 },
          quote: "Water",
        }),
      ],
    });
    await user.click(await findLauncher(2));
    const discussion = await screen.findByRole("region", { name: "Discussion" });
    const notes = screen.getByRole("region", { name: "Story Comments" });
    expect(within(notes).queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    const showMore = within(discussion).getByRole("button", { name: "Show more" });
    expect(within(discussion).getByText(long.trim(), { normalizer: (s) => s.trim() })).toHaveClass(
      "comment__content--collapsed",
    );
    await user.click(showMore);
    expect(within(discussion).getByRole("button", { name: "Show less" })).toBeInTheDocument();
    expect(
      within(discussion).getByText(long.trim(), { normalizer: (s) => s.trim() }),
    ).not.toHaveClass("comment__content--collapsed");
  });

  it("lists inline notes under Story Comments by start offset and highlights their passages", async () => {
    const note = (id: string, start: number, end: number, quote: string) =>
      commentFixture({
        id,
        content: `About ${quote}`,
        isInline: true,
        location: { __typename: "CommentLocation", start, end },
        quote,
      });
    const { user } = renderReader({
      signedIn: false,
      comments: [
        note("Comment:5", 36, 46, "lighthouse"),
        note("Comment:4", 0, 5, "Water"),
        commentFixture({
          id: "Comment:6",
          content: "Lost passage",
          isInline: true,
          isOrphaned: true,
          quote: "a bridge of salt",
        }),
      ],
    });
    await user.click(await findLauncher(3));
    const notes = await screen.findByRole("region", { name: "Story Comments" });
    const contents = within(notes)
      .getAllByText(/^About /)
      .map((element) => element.textContent);
    expect(contents).toEqual(["About Water", "About lighthouse"]);
    expect(within(notes).getByText("Passage no longer in the story")).toBeInTheDocument();
    expect(within(notes).getByText("a bridge of salt")).toBeInTheDocument();

    const highlight = screen.getByRole("button", { name: "Comment on: lighthouse" });
    expect(highlight.closest("p")).toHaveTextContent("Only the lighthouse stood.");
    // Clicking the note's quote flashes its passage for 1500 ms.
    await user.click(within(notes).getByRole("button", { name: "lighthouse" }));
    expect(highlight).toHaveClass("story-highlight--flash");
    await waitFor(() => expect(highlight).not.toHaveClass("story-highlight--flash"), {
      timeout: 2500,
    });
  });

  it("opens a highlighted passage's note in the sidebar when the highlight is clicked", async () => {
    const { user } = renderReader({
      signedIn: false,
      comments: [
        commentFixture({
          id: "Comment:7",
          content: "The lamp is a metaphor.",
          isInline: true,
          location: { __typename: "CommentLocation", start: 69, end: 73 },
          quote: "lamp",
        }),
      ],
    });
    await user.click(await findLauncher(1));
    await screen.findByText("The lamp is a metaphor.");
    await user.click(screen.getByRole("button", { name: "Close comments" }));
    await user.click(screen.getByRole("button", { name: "Comment on: lamp" }));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    expect(within(sidebar).getByText("The lamp is a metaphor.").closest("li")).toHaveClass(
      "comment--focused",
    );
  });
});

describe("posting a comment", () => {
  it("keeps Post disabled while the text is blank and counts characters up to 1000", async () => {
    const { user } = renderReader({});
    const sidebar = await openEnabledSidebar(user);
    const input = await within(sidebar).findByRole("textbox", { name: "Comment" });
    expect(input).toHaveAttribute("placeholder", "Add a comment...");
    expect(input).toHaveAttribute("maxLength", "1000");
    expect(within(sidebar).getByRole("button", { name: "Post" })).toBeDisabled();
    await user.type(input, "   ");
    expect(within(sidebar).getByRole("button", { name: "Post" })).toBeDisabled();
    await user.type(input, "{Enter}");
    expect(within(sidebar).getByRole("alert")).toHaveTextContent("Comment cannot be empty.");
    expect(within(sidebar).getByText("3/1000")).toBeInTheDocument();
  });

  it("shows the comment at once as pending and keeps one copy when the server answers", async () => {
    const saved = ownComment({
      id: "Comment:9",
      content: "A fine start.\nMore please.",
      moderationStatus: "PENDING",
    });
    const { user } = renderReader({
      mocks: [addCommentMock("A fine start.\nMore please.", null, saved, 150)],
    });
    const sidebar = await openEnabledSidebar(user);
    const input = await within(sidebar).findByRole("textbox", { name: "Comment" });
    await user.type(input, "A fine start.{Shift>}{Enter}{/Shift}More please.{Enter}");
    // Optimistic: shown before the server answers, as awaiting moderation.
    expect(
      within(sidebar).getByText("A fine start. More please.", {
        selector: "p",
        normalizer: (s) => s.replace(/\s+/g, " "),
      }),
    ).toBeInTheDocument();
    expect(within(sidebar).getByText("Awaiting moderation")).toBeInTheDocument();
    expect(await findLauncher(1)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(sidebar).getByRole("button", { name: "Delete" })).toBeInTheDocument(),
    );
    expect(within(sidebar).getAllByText(/A fine start\./, { selector: "p" })).toHaveLength(1);
    // A successful post clears the composer (once the server has answered).
    await waitFor(() => expect(input).toHaveValue(""));
  });

  it("removes the optimistic comment and keeps the text when posting fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const held = new HeldAnswers();
    const answer = held.hold("AddStoryComment");
    const { user } = renderReader({
      mocks: [
        {
          request: { query: AddStoryCommentMutation, variables: addVariables("A fine start.") },
          error: new Error("network down"),
        },
      ],
      held,
    });
    const sidebar = await openEnabledSidebar(user);
    const input = await within(sidebar).findByRole("textbox", { name: "Comment" });
    await user.type(input, "A fine start.{Enter}");
    // Shown before the server answers (the answer is held until `answer`).
    expect(
      await within(sidebar).findByText("A fine start.", { selector: "p" }),
    ).toBeInTheDocument();
    await act(answer);
    expect(await within(sidebar).findByText("Could not post comment.")).toBeInTheDocument();
    expect(within(sidebar).queryByText("A fine start.", { selector: "p" })).not.toBeInTheDocument();
    expect(input).toHaveValue("A fine start.");
    expect(
      within(sidebar).getByText("No comments yet. Be the first to share your thoughts!"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Comments (0)" })).toBeInTheDocument();
  });

  it("replies to a comment: Reply sets the target, and a successful post clears it", async () => {
    const reply = ownComment({
      id: "Comment:10",
      parentId: "Comment:1",
      content: "Agreed!",
    });
    const { user } = renderReader({
      comments: [commentFixture()],
      mocks: [addCommentMock("Agreed!", "Comment:1", reply)],
    });
    const sidebar = await openEnabledSidebar(user, 1);
    await user.click(await within(sidebar).findByRole("button", { name: "Reply" }));
    const input = within(sidebar).getByRole("textbox", { name: "Comment" });
    expect(input).toHaveAttribute("placeholder", "Replying to mira...");
    // Reply hands the composer the focus.
    expect(input).toHaveFocus();
    await user.type(input, "Agreed!{Enter}");
    const replyItem = (await within(sidebar).findByText("Agreed!")).closest("li");
    expect(replyItem?.parentElement?.closest("li")).toHaveTextContent("What a haunting opening.");
    expect(input).toHaveAttribute("placeholder", "Add a comment...");
  });
  it("answers in the same thread when replying on the deepest level shown, so the reply stays visible", async () => {
    // Comment:1 ← Comment:2 ← … ← Comment:5: the query reads four levels of replies.
    let deepest = commentFixture({ id: "Comment:5", parentId: "Comment:4", content: "Level 4" });
    for (let level = 3; level >= 0; level -= 1) {
      deepest = commentFixture({
        id: `Comment:${level + 1}`,
        parentId: level === 0 ? null : `Comment:${level}`,
        content: `Level ${level}`,
        replies: [deepest],
      });
    }
    const answer = ownComment({
      id: "Comment:6",
      parentId: "Comment:4",
      content: "Deep answer",
    });
    const { user } = renderReader({
      comments: [deepest],
      mocks: [addCommentMock("Deep answer", "Comment:4", answer)],
    });
    const sidebar = await openEnabledSidebar(user, 1);
    const levelFour = (await within(sidebar).findByText("Level 4")).closest("li") as HTMLElement;
    await user.click(within(levelFour).getByRole("button", { name: "Reply" }));
    const input = within(sidebar).getByRole("textbox", { name: "Comment" });
    expect(input).toHaveAttribute("placeholder", "Replying to mira...");
    await user.type(input, "Deep answer{Enter}");
    // The optimistic reply is replaced by the server's once it answers: look it up each time.
    await waitFor(() => {
      const reply = within(sidebar).getByText("Deep answer", { selector: "p" }).closest("li");
      const levelFourNow = within(sidebar).getByText("Level 4").closest("li");
      expect(reply?.parentElement).toBe(levelFourNow?.parentElement);
      expect(reply?.parentElement).not.toBeNull();
    });
  });
});

describe("deleting and reporting", () => {
  it("removes a deleted comment at once and restores it when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const own = commentFixture({ viewerCanDelete: true, viewerCanReport: false });
    const held = new HeldAnswers();
    const answer = held.hold("DeleteStoryComment");
    const { user } = renderReader({
      comments: [own],
      mocks: [
        {
          request: { query: DeleteStoryCommentMutation, variables: { id: "Comment:1" } },
          error: new Error("network down"),
        },
      ],
      held,
    });
    const sidebar = await openEnabledSidebar(user, 1);
    await user.click(await within(sidebar).findByRole("button", { name: "Delete" }));
    expect(within(sidebar).queryByText("What a haunting opening.")).not.toBeInTheDocument();
    await act(answer);
    expect(await within(sidebar).findByText("Could not delete comment.")).toBeInTheDocument();
    expect(within(sidebar).getByText("What a haunting opening.")).toBeInTheDocument();
    expect(within(sidebar).getByRole("button", { name: "Delete" })).toBeEnabled();
  });

  it("deletes a comment for good when the server agrees", async () => {
    const own = commentFixture({ viewerCanDelete: true, viewerCanReport: false });
    const { user } = renderReader({
      comments: [own],
      mocks: [
        {
          request: { query: DeleteStoryCommentMutation, variables: { id: "Comment:1" } },
          result: {
            data: {
              deleteComment: { __typename: "DeleteCommentPayload", id: "Comment:1", deleted: true },
            },
          },
        },
      ],
    });
    const sidebar = await openEnabledSidebar(user, 1);
    await user.click(await within(sidebar).findByRole("button", { name: "Delete" }));
    expect(
      await within(sidebar).findByText("No comments yet. Be the first to share your thoughts!"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Comments (0)" })).toBeInTheDocument();
  });

  it("says Comment reported successfully. and hides Report once reported", async () => {
    const { user } = renderReader({
      comments: [commentFixture()],
      mocks: [
        {
          request: { query: ReportStoryCommentMutation, variables: { id: "Comment:1" } },
          result: {
            data: {
              reportComment: {
                __typename: "Comment",
                id: "Comment:1",
                viewerCanReport: false,
                flaggedCount: 0,
              },
            },
          },
        },
      ],
    });
    const sidebar = await openEnabledSidebar(user, 1);
    await user.click(await within(sidebar).findByRole("button", { name: "Report" }));
    expect(await within(sidebar).findByText("Comment reported successfully.")).toBeInTheDocument();
    expect(within(sidebar).queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("says Could not report comment. and re-enables Report when reporting fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderReader({
      comments: [commentFixture()],
      mocks: [
        {
          request: { query: ReportStoryCommentMutation, variables: { id: "Comment:1" } },
          error: new Error("network down"),
        },
      ],
    });
    const sidebar = await openEnabledSidebar(user, 1);
    await user.click(await within(sidebar).findByRole("button", { name: "Report" }));
    expect(await within(sidebar).findByText("Could not report comment.")).toBeInTheDocument();
    expect(within(sidebar).getByRole("button", { name: "Report" })).toBeEnabled();
  });
});
