import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../testing/render-route";
import { storyFixture } from "../../../testing/story-fixtures";
import { PUBLIC_ID, renderReaderAsAuthor, storyQueryMock } from "../../../testing/reader-mocks";
import { StoryReaderQuery } from "./story-reader";

const path = `/stories/${PUBLIC_ID}`;
const completed = (overrides = {}) => storyFixture({ status: "COMPLETED", ...overrides });

describe("story reader actions", () => {
  it("toggles comments between enabled and disabled", async () => {
    const { user } = renderReaderAsAuthor(completed());
    await user.click(await screen.findByRole("button", { name: "Enable comments" }));
    expect(screen.getByRole("button", { name: "Disable comments" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("remembers the reader's font choice", async () => {
    const { user, unmount } = renderReaderAsAuthor(completed());
    const picker = await screen.findByRole("combobox", { name: "Reader font" });
    expect(picker).toHaveValue("Roboto");
    await user.selectOptions(picker, "Merriweather");
    expect(localStorage.getItem("storyReaderFont")).toBe("Merriweather");
    unmount();
    renderReaderAsAuthor(completed());
    expect(await screen.findByRole("combobox", { name: "Reader font" })).toHaveValue(
      "Merriweather",
    );
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
