import { MockSubscriptionLink, type MockLink } from "@apollo/client/testing";
import { screen, waitFor } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { storyFixture } from "../../testing/story-fixtures";
import { StoryReaderQuery } from "../reader/page/story-reader";
import { CategoriesQuery } from "../explore/category-queries";
import { StartStoryGenerationMutation } from "./use-start-story-generation";

const signedIn = { auth: { currentUser: signedInUser } };
const newStory = storyFixture({
  publicId: "new123",
  id: "Story:new123",
  title: "Tide",
  status: "GENERATING",
  progress: 0,
  content: null,
});

function startMock(result: MockLink.MockedResponse["result"]): MockLink.MockedResponse {
  return {
    request: { query: StartStoryGenerationMutation, variables: () => true },
    result,
  };
}

describe("generation form", () => {
  it("keeps Generate Story disabled until title and outline are filled", async () => {
    const { user } = renderRoute("/stories/new", signedIn);
    const submit = await screen.findByRole("button", { name: "Generate Story" }, { timeout: 5000 });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Title"), "Tide");
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Outline"), "   ");
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Outline"), "A girl and the sea");
    expect(submit).toBeEnabled();
  });

  it("says which required field is blank once it was left", async () => {
    const { user } = renderRoute("/stories/new", signedIn);
    await user.click(await screen.findByLabelText("Title"));
    await user.click(screen.getByLabelText("Outline"));
    expect(screen.getByText("Title is required.")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByLabelText("Tags"));
    expect(screen.getByText("Outline/Prompt is required.")).toBeInTheDocument();
  });

  it("sends trimmed fields, cleaned lists and the chosen enums, then opens the new story", async () => {
    const start = vi.fn(() => ({ data: { startStoryGeneration: newStory } }));
    const { user, router } = renderRoute("/stories/new", {
      ...signedIn,
      subscriptions: new MockSubscriptionLink(),
      mocks: [
        startMock(start),
        {
          request: { query: StoryReaderQuery, variables: { publicId: "new123" } },
          delay: Number.POSITIVE_INFINITY,
        },
      ],
    });
    await user.type(await screen.findByLabelText("Title"), "  Tide  ");
    await user.type(screen.getByLabelText("Outline"), " A girl and the sea ");
    await user.type(screen.getByLabelText("Tags"), " sea, , adventure ,");
    await user.type(screen.getByLabelText("Theme keywords"), "courage,  loss");
    expect(screen.getByLabelText("Length")).toHaveValue("SHORT");
    expect(screen.getByLabelText("Nastiness")).toHaveValue("LIGHT");
    await user.selectOptions(screen.getByLabelText("Length"), "Long (~3000 words)");
    await user.selectOptions(screen.getByLabelText("Nastiness"), "Heavy");
    await user.click(screen.getByRole("button", { name: "Generate Story" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/stories/new123"));
    expect(start).toHaveBeenCalledWith({
      input: {
        title: "Tide",
        outline: "A girl and the sea",
        tags: ["sea", "adventure"],
        themeKeywords: ["courage", "loss"],
        desiredLength: "LONG",
        nastinessLevel: "HEAVY",
      },
    });
    expect(router.state.location.state).toMatchObject({ animateOnEnter: true });
    // The reader shows the handed-over story at once, before its own query answers.
    expect(await screen.findByRole("heading", { name: "Generating Story..." })).toBeVisible();
  });

  it("sends the chosen category's id", async () => {
    const start = vi.fn(() => ({ data: { startStoryGeneration: newStory } }));
    const { user, router } = renderRoute("/stories/new", {
      ...signedIn,
      subscriptions: new MockSubscriptionLink(),
      mocks: [
        {
          request: { query: CategoriesQuery },
          result: {
            data: {
              categories: [
                {
                  __typename: "Category",
                  id: "Q2F0ZWdvcnk6Zm9v",
                  publicId: "foo",
                  name: "Fables",
                  slug: "fables",
                  description: null,
                  storyCount: 1,
                },
              ],
            },
          },
        },
        startMock(start),
        {
          request: { query: StoryReaderQuery, variables: { publicId: "new123" } },
          delay: Number.POSITIVE_INFINITY,
        },
      ],
    });
    await user.type(await screen.findByLabelText("Title"), "Tide");
    await user.type(screen.getByLabelText("Outline"), "A girl and the sea");
    expect(screen.getByLabelText("Category")).toHaveValue("");
    await screen.findByRole("option", { name: "Fables" });
    await user.selectOptions(screen.getByLabelText("Category"), "Fables");
    await user.click(screen.getByRole("button", { name: "Generate Story" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/stories/new123"));
    expect(start).toHaveBeenCalledWith({
      input: expect.objectContaining({ categoryId: "Q2F0ZWdvcnk6Zm9v" }),
    });
  });

  it("shows the server's message when the start is refused", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderRoute("/stories/new", {
      ...signedIn,
      mocks: [
        startMock({
          errors: [
            new GraphQLError("Too many stories started; try again in a few minutes.", {
              extensions: { code: "RATE_LIMITED" },
            }),
          ],
        }),
      ],
    });
    await user.type(await screen.findByLabelText("Title"), "Tide");
    await user.type(screen.getByLabelText("Outline"), "A girl and the sea");
    await user.click(screen.getByRole("button", { name: "Generate Story" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many stories started; try again in a few minutes.",
    );
  });

  it("tells someone whose sign-in lapsed that they must be logged in", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderRoute("/stories/new", {
      ...signedIn,
      mocks: [
        startMock({
          errors: [
            new GraphQLError("Authentication required.", {
              extensions: { code: "UNAUTHENTICATED" },
            }),
          ],
        }),
      ],
    });
    await user.type(await screen.findByLabelText("Title"), "Tide");
    await user.type(screen.getByLabelText("Outline"), "A girl and the sea");
    await user.click(screen.getByRole("button", { name: "Generate Story" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You must be logged in to generate a story.",
    );
  });

  it.each(["initialOutline", "initialPrompt"])(
    "prefills the outline from route state %s",
    async (key) => {
      renderRoute(
        { pathname: "/stories/new", state: { [key]: "A lighthouse at the end of time" } },
        signedIn,
      );
      expect(await screen.findByLabelText("Outline")).toHaveValue(
        "A lighthouse at the end of time",
      );
    },
  );

  it("prefills the outline from the stored pending prompt and clears it", async () => {
    localStorage.setItem("storyloom.pendingStoryPrompt", "Dragons who fear the dark");
    renderRoute("/stories/new", signedIn);
    expect(await screen.findByLabelText("Outline")).toHaveValue("Dragons who fear the dark");
    await waitFor(() => expect(localStorage.getItem("storyloom.pendingStoryPrompt")).toBeNull());
  });

  it("cancels to My Stories when there is no page to go back to", async () => {
    const { user, router } = renderRoute("/stories/new", signedIn);
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/my/stories"));
  });

  it("cancels back to the previous page", async () => {
    const { user, router } = renderRoute("/stories/new", { ...signedIn, history: ["/explore"] });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/explore"));
  });

  it("is offered in the home page's panel to a signed-in user", async () => {
    const { user } = renderRoute("/", signedIn);
    await user.click(
      await screen.findByRole("button", { name: "Ready to write? Generate a story prompt!" }),
    );
    expect(await screen.findByRole("form", { name: "Generate a story" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Generate Story" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
  });
});
