import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../testing/render-route";
import { storyFixture } from "../../../testing/story-fixtures";
import { PUBLIC_ID, renderReaderAsAuthor, storyQueryMock } from "../../../testing/reader-mocks";
import { StoryReaderQuery } from "./story-reader";

const path = `/stories/${PUBLIC_ID}`;
const completed = (overrides = {}) => storyFixture({ status: "COMPLETED", ...overrides });

describe("story reader actions", () => {
  it("starts with comments enabled for a signed-in reader", async () => {
    renderReaderAsAuthor(completed());
    expect(await screen.findByRole("button", { name: "Disable comments" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("remembers a reader who disabled comments, and one who enabled them again", async () => {
    const { user, unmount } = renderReaderAsAuthor(completed());
    await user.click(await screen.findByRole("button", { name: "Disable comments" }));
    expect(screen.getByRole("button", { name: "Enable comments" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    unmount();
    const again = renderReaderAsAuthor(completed());
    await again.user.click(await screen.findByRole("button", { name: "Enable comments" }));
    again.unmount();
    renderReaderAsAuthor(completed());
    expect(await screen.findByRole("button", { name: "Disable comments" })).toBeInTheDocument();
  });

  it("keeps every reading setting in the Aa menu, remembered, and draws the text with them", async () => {
    const { user, unmount } = renderReaderAsAuthor(completed());
    const aa = await screen.findByRole("button", { name: "Reading settings" });
    expect(aa).toHaveAttribute("aria-expanded", "false");
    await user.click(aa);
    const menu = screen.getByRole("group", { name: "Reading settings" });
    const font = within(menu).getByRole("combobox", { name: "Font" });
    expect(font).toHaveValue("Roboto");
    await user.selectOptions(font, "Merriweather");
    await user.click(within(menu).getByRole("radio", { name: "Large" }));
    await user.click(within(menu).getByRole("radio", { name: "Relaxed" }));
    await user.click(within(menu).getByRole("radio", { name: "Narrow" }));
    expect(localStorage.getItem("storyReaderFont")).toBe("Merriweather");
    const column = document.querySelector<HTMLElement>(".story-reader")!;
    expect(column.style.fontFamily).toContain("Merriweather");
    expect(column.style.getPropertyValue("--reader-font-size")).toBe("1.3125rem");
    expect(column.style.getPropertyValue("--reader-line-height")).toBe("2.1");
    expect(column.style.getPropertyValue("--reader-width")).toBe("36rem");
    // Escape closes it, back to its button.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: "Reading settings" })).not.toBeInTheDocument();
    expect(aa).toHaveFocus();
    unmount();

    const { user: again } = renderReaderAsAuthor(completed());
    await again.click(await screen.findByRole("button", { name: "Reading settings" }));
    const reopened = screen.getByRole("group", { name: "Reading settings" });
    expect(within(reopened).getByRole("combobox", { name: "Font" })).toHaveValue("Merriweather");
    expect(within(reopened).getByRole("radio", { name: "Large" })).toBeChecked();
    expect(within(reopened).getByRole("radio", { name: "Relaxed" })).toBeChecked();
    expect(within(reopened).getByRole("radio", { name: "Narrow" })).toBeChecked();
  });

  it("keeps a completed story's author tools in a Manage sheet that gives focus back", async () => {
    const { user } = renderReaderAsAuthor(completed());
    const manage = await screen.findByRole("button", { name: "Manage" });
    // Not in the reading column.
    expect(screen.queryByRole("button", { name: "Delete Story" })).not.toBeInTheDocument();
    await user.click(manage);
    const sheet = screen.getByRole("dialog", { name: "Manage story" });
    for (const name of ["Make Public", "Delete Story", "Regenerate Images"]) {
      expect(within(sheet).getByRole("button", { name })).toBeInTheDocument();
    }
    expect(within(sheet).getByRole("combobox", { name: /Category/ })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(manage).toHaveFocus();
  });

  it("goes back to My Stories when the reader was opened directly", async () => {
    const { user, router } = renderReaderAsAuthor(completed());
    await user.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/my/stories"));
  });

  it("goes back in history when there is somewhere to go", async () => {
    const { user, router } = renderRoute(path, {
      mocks: [storyQueryMock(completed())],
      history: ["/explore"],
    });
    await user.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/explore"));
  });

  it("renders the initial story it was handed while its query loads", async () => {
    renderRoute(
      {
        pathname: path,
        state: { initialStory: completed({ content: "Line one\nLine two" }), animateOnEnter: true },
      },
      {
        mocks: [
          {
            request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
            delay: Number.POSITIVE_INFINITY,
          },
        ],
      },
    );
    const line = await screen.findByText(/Line one/);
    expect(line.querySelector("br")).not.toBeNull();
  });

  it("says the content cannot be displayed when it has an unexpected format", async () => {
    renderRoute(
      { pathname: path, state: { initialStory: completed({ content: { pages: [] } }) } },
      {
        mocks: [
          {
            request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
            delay: Number.POSITIVE_INFINITY,
          },
        ],
      },
    );
    expect(
      await screen.findByText("Cannot display story content - unexpected format."),
    ).toBeInTheDocument();
  });
});
