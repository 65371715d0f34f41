import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeFragmentData } from "../../__generated__";
import { storyCardFixture } from "../../testing/story-card-fixtures";
import { StoryCard, type StoryCardVariant } from "./story-card";
import { StoryCardFragment } from "./story-card-fragment";

function renderCard(
  overrides: Partial<Record<string, unknown>> = {},
  variant: StoryCardVariant = "default",
) {
  const story = makeFragmentData(storyCardFixture(7, overrides), StoryCardFragment);
  const router = createMemoryRouter(
    [
      { path: "/", element: <StoryCard story={story} variant={variant} /> },
      { path: "/stories/:storyId", element: <p>Reader page</p> },
    ],
    { initialEntries: ["/"] },
  );
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user };
}

describe("story card", () => {
  it("shows the title, preview, author link and relative age", () => {
    renderCard();
    const card = screen.getByRole("article", { name: "Story number 7" });
    expect(within(card).getByRole("link", { name: "Story number 7" })).toHaveAttribute(
      "href",
      "/stories/story-7",
    );
    expect(within(card).getByText("The opening lines of story 7.")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "writer7" })).toHaveAttribute(
      "href",
      "/profile/writer7",
    );
    expect(within(card).getByText("3d ago")).toBeInTheDocument();
  });

  it("shows a priced story's price on its card", () => {
    renderCard({ price: { __typename: "Money", formatted: "$1.99" } });
    const card = screen.getByRole("article", { name: "Story number 7" });
    expect(within(card).getByText("$1.99")).toBeInTheDocument();
    expect(within(card).getByText("Price:")).toHaveClass("visually-hidden");
  });

  it("shows no price on a free story", () => {
    renderCard();
    expect(screen.queryByText(/\$\d/)).not.toBeInTheDocument();
  });

  it("says New chapter to a follower of its writer, beside the price, in both variants", () => {
    for (const variant of ["default", "compact"] as const) {
      const { unmount } = renderCard(
        { newChapter: true, price: { __typename: "Money", formatted: "$1.99" } },
        variant,
      );
      const card = screen.getByRole("article", { name: "Story number 7" });
      const badge = within(card).getByText("New chapter");
      expect(badge).toHaveClass("story-card__new-chapter");
      // A badge of the card's line of details, read before the price; not a link of its own.
      expect(badge.closest(".story-card__meta")).not.toBeNull();
      expect(badge.nextElementSibling).toHaveTextContent("Price: $1.99");
      expect(within(card).queryByRole("link", { name: /New chapter/ })).toBeNull();
      unmount();
    }
  });

  it("shows no New chapter badge when the story has none for the viewer", () => {
    renderCard({ newChapter: false });
    const card = screen.getByRole("article", { name: "Story number 7" });
    expect(within(card).queryByText("New chapter")).toBeNull();
  });

  it("names the author Anonymous when the story has none", () => {
    renderCard({ author: null });
    expect(screen.getByText("Anonymous")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /writer/ })).not.toBeInTheDocument();
  });

  it("renders the blurb as text, never as markup", async () => {
    const { user } = renderCard({ description: "<i>Sly</i> <img src=x onerror=alert(1)>" });
    await user.click(screen.getByRole("button", { name: /^Outline/ }));
    expect(
      within(screen.getByRole("dialog")).getByText("<i>Sly</i> <img src=x onerror=alert(1)>"),
    ).toBeInTheDocument();
    expect(document.querySelector("i, img")).toBeNull();
  });

  it("renders the title and preview as text, never as markup", () => {
    renderCard({ title: "<b>Bold</b> title", preview: "<img src=x onerror=alert(1)>" });
    expect(screen.getByRole("link", { name: "<b>Bold</b> title" })).toBeInTheDocument();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
    expect(document.querySelector("b")).toBeNull();
  });

  it("replaces a header image that fails to load with the drawn fallback", () => {
    const { container } = renderCard({ headerImageUrl: "/media/cover.png" });
    const image = container.querySelector("img");
    expect(image).toHaveAttribute("src", "/media/cover.png");
    expect(container.querySelector(".story-card__fallback")).toBeNull();
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".story-card__fallback")).not.toBeNull();
  });

  it("draws the fallback when the story has no header image", () => {
    const { container } = renderCard({ headerImageUrl: null });
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".story-card__fallback")).not.toBeNull();
  });

  it("opens the Story Outline modal with the story's blurb under Preview and a Read Full Story link", async () => {
    const { user, router } = renderCard();
    const opener = screen.getByRole("button", { name: "Outline: Story number 7" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Story Outline" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    // The blurb, labelled Preview; never the opening lines the card already shows (issue 29 row 12).
    const preview = within(dialog).getByRole("region", { name: "Preview" });
    expect(preview).toHaveTextContent("What story 7 is about, in a sentence.");
    expect(within(dialog).queryByText("The opening lines of story 7.")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("link", { name: "Read Full Story" }));
    expect(router.state.location.pathname).toBe("/stories/story-7");
    expect(await screen.findByText("Reader page")).toBeInTheDocument();
  });

  it("says there is no preview when the story has no blurb, rather than its opening lines", async () => {
    const { user } = renderCard({ description: null });
    await user.click(screen.getByRole("button", { name: /^Outline/ }));
    expect(
      within(screen.getByRole("dialog")).getByText("No preview available for this story."),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("dialog")).queryByText("The opening lines of story 7."),
    ).not.toBeInTheDocument();
  });

  it("keeps focus inside the modal, closes on Escape and gives focus back to the opener", async () => {
    const { user } = renderCard();
    const opener = screen.getByRole("button", { name: /^Outline/ });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Story Outline" });
    const close = within(dialog).getByRole("button", { name: "Close" });
    const read = within(dialog).getByRole("link", { name: "Read Full Story" });
    expect(close).toHaveFocus();
    await user.tab();
    expect(read).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(read).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("closes the modal on a click on the overlay but not inside it", async () => {
    const { user } = renderCard();
    await user.click(screen.getByRole("button", { name: /^Outline/ }));
    const dialog = screen.getByRole("dialog");
    await user.click(dialog);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("leaves the preview out of the compact variant but keeps the outline", async () => {
    const { user } = renderCard({}, "compact");
    expect(screen.queryByText("The opening lines of story 7.")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^Outline/ }));
    expect(
      within(screen.getByRole("dialog")).getByText("What story 7 is about, in a sentence."),
    ).toBeInTheDocument();
  });
});
