import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { storyFixture } from "../../testing/story-fixtures";
import { PUBLIC_ID, storyQueryMock } from "../../testing/reader-mocks";
import { commentsQueryMock, commentViewerMock } from "../../testing/comment-mocks";

preloadLazyPage(() => import("../reader/page/story-page"));

function renderSignedIn() {
  return renderRoute(`/stories/${PUBLIC_ID}`, {
    auth: { currentUser: signedInUser },
    mocks: [
      storyQueryMock(storyFixture({ viewerIsAuthor: false, isPublic: true })),
      commentsQueryMock([]),
      commentViewerMock(),
    ],
  });
}

/** Selects characters [from, to) of the paragraph's text, as a reader dragging over it would. */
function selectInParagraph(text: string, from: number, to: number) {
  const paragraph = screen.getByText(text, { selector: "p" });
  const node = paragraph.firstChild;
  if (!node) throw new Error("empty paragraph");
  const range = document.createRange();
  range.setStart(node, from);
  range.setEnd(node, to);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  fireEvent.pointerUp(paragraph);
}

describe("selecting a passage for an inline comment", () => {
  it("offers Add Comment for a selection inside one paragraph, which opens the sidebar on that passage", async () => {
    const { user } = renderSignedIn();
    // Comments start enabled for a signed-in reader.
    await screen.findByRole("button", { name: "Disable comments" });
    selectInParagraph("Water rose over the city.", 6, 24);
    await user.click(await screen.findByRole("button", { name: "Add Comment" }));
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    const input = await within(sidebar).findByRole("textbox", { name: "Comment" });
    expect(input).toHaveAttribute("placeholder", "rose over the city");
    // The composer takes the focus, not ×: a keyboard user types at once.
    expect(input).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Add Comment" })).not.toBeInTheDocument();
  });

  it("offers nothing while comments are disabled, or for 3 characters or fewer, but does for 4", async () => {
    // A reader who turned comments off before.
    localStorage.setItem("storyloom.commentsDisabled", "1");
    const { user } = renderSignedIn();
    await screen.findByRole("button", { name: "Enable comments" }, { timeout: 5000 });
    selectInParagraph("Water rose over the city.", 6, 24);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("button", { name: "Add Comment" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Enable comments" }));
    selectInParagraph("Water rose over the city.", 6, 9);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("button", { name: "Add Comment" })).not.toBeInTheDocument();
    // Four characters are enough.
    selectInParagraph("Water rose over the city.", 6, 10);
    expect(await screen.findByRole("button", { name: "Add Comment" })).toBeInTheDocument();
  });

  it("dismisses the popup on an outside click and when comments get disabled", async () => {
    const { user } = renderSignedIn();
    // Comments start enabled for a signed-in reader.
    await screen.findByRole("button", { name: "Disable comments" });
    selectInParagraph("Mira kept the lamp burning.", 0, 9);
    await screen.findByRole("button", { name: "Add Comment" });
    fireEvent.pointerDown(screen.getByRole("heading", { name: "The Keeper" }));
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Add Comment" })).not.toBeInTheDocument(),
    );

    selectInParagraph("Mira kept the lamp burning.", 0, 9);
    await screen.findByRole("button", { name: "Add Comment" });
    await user.click(screen.getByRole("button", { name: "Disable comments" }));
    // The release of that click reads the selection once more, a tick later: the popup must not
    // come back from it.
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Add Comment" })).not.toBeInTheDocument(),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("button", { name: "Add Comment" })).not.toBeInTheDocument();
  });

  it("offers a keyboard user Add note on each paragraph, the paragraph as the passage", async () => {
    const { user } = renderSignedIn();
    const addNote = await screen.findByRole("button", {
      name: "Add note on “Water rose over the city.”",
    });
    addNote.focus();
    await user.keyboard("{Enter}");
    const sidebar = screen.getByRole("dialog", { name: "Comments" });
    const input = await within(sidebar).findByRole("textbox", { name: "Comment" });
    expect(input).toHaveAttribute("placeholder", "Water rose over the city.");
    expect(input).toHaveFocus();
    expect(within(sidebar).getByText("Water rose over the city.", { selector: "q" })).toBeVisible();
  });

  it("offers no Add note while comments are disabled, nor to a visitor", async () => {
    localStorage.setItem("storyloom.commentsDisabled", "1");
    renderSignedIn();
    await screen.findByRole("button", { name: "Enable comments" });
    expect(screen.queryByRole("button", { name: /^Add note/ })).not.toBeInTheDocument();
  });
});
