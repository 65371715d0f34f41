import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { storyFixture } from "../../testing/story-fixtures";
import {
  failingMock,
  renderReaderAsAuthor,
  STORY_ID,
  storyQueryMock,
} from "../../testing/reader-mocks";
import { renderRoute } from "../../testing/render-route";
import { RestoreStoryVersionMutation } from "./use-restore-version";
import { StoryVersionChangesQuery, StoryVersionsQuery } from "./version-queries";

const PUBLIC_ID = "abc123";

const version = (number: number, cause: string, restoredFrom: number | null = null) => ({
  __typename: "StoryVersion" as const,
  id: `StoryVersion:${number}`,
  number,
  cause,
  restoredFrom,
  title: "The Lantern Keeper",
  createdAt: "2026-11-27T10:00:00.000Z",
});

const versionsMock = (versions: ReturnType<typeof version>[]) => ({
  request: { query: StoryVersionsQuery, variables: { publicId: PUBLIC_ID } },
  result: { data: { story: { __typename: "Story", id: STORY_ID, versions } } },
});

/** Waits for what the lazy tools and mocked answers draw, on a busy machine too. */
const DRAWN = { timeout: 10_000 };

// The owner's tools are a chunk of their own; loading it (the editor's code) is not under test.
beforeAll(async () => {
  await import("./studio-tools");
}, 60_000);

describe("the writer's studio", () => {
  it("lists the versions newest first and shows a version's changes word by word", async () => {
    const { user } = renderReaderAsAuthor(storyFixture(), [
      versionsMock([version(2, "EDITED"), version(1, "WRITTEN")]),
      {
        request: { query: StoryVersionChangesQuery, variables: { publicId: PUBLIC_ID, number: 2 } },
        result: {
          data: {
            story: {
              __typename: "Story",
              id: STORY_ID,
              version: {
                __typename: "StoryVersion",
                id: "StoryVersion:2",
                changes: [
                  { __typename: "TextChange", kind: "SAME", text: "Water rose over the " },
                  { __typename: "TextChange", kind: "REMOVED", text: "city" },
                  { __typename: "TextChange", kind: "ADDED", text: "town" },
                ],
              },
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "History" }, DRAWN));
    const latest = await screen.findByRole("listitem", { name: "Version 2" }, DRAWN);
    expect(latest).toHaveTextContent("Edited");
    expect(latest).toHaveTextContent("Current");
    expect(within(latest).queryByRole("button", { name: "Restore this version" })).toBeNull();
    await user.click(within(latest).getByRole("button", { name: "Show changes" }));
    const diff = await within(latest).findByRole("region", { name: "Changes in version 2" }, DRAWN);
    expect(diff.querySelector("ins")).toHaveTextContent("Added: town");
    expect(diff.querySelector("del")).toHaveTextContent("Removed: city");
  });

  it("says the server's words when a restore is refused", async () => {
    const { user } = renderReaderAsAuthor(storyFixture(), [
      versionsMock([version(2, "EDITED"), version(1, "WRITTEN")]),
      failingMock(
        RestoreStoryVersionMutation,
        { id: STORY_ID, number: 1 },
        "Cannot edit a story that is generating.",
      ),
    ]);
    await user.click(await screen.findByRole("button", { name: "History" }, DRAWN));
    const first = await screen.findByRole("listitem", { name: "Version 1" }, DRAWN);
    await user.click(within(first).getByRole("button", { name: "Restore this version" }));
    expect(
      await screen.findByText("Cannot edit a story that is generating.", {}, DRAWN),
    ).toBeInTheDocument();
  });

  it("refuses a blank title in the editor, and Cancel brings the text back", async () => {
    const { user } = renderReaderAsAuthor(storyFixture());
    await user.click(await screen.findByRole("button", { name: "Edit story" }, DRAWN));
    const form = screen.getByRole("form", { name: "Edit story" });
    expect(within(form).getByRole("textbox", { name: "Chapter 2 text" })).toHaveTextContent(
      "Mira kept the lamp burning.",
    );
    await user.clear(within(form).getByLabelText("Title"));
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByText("Title is required.")).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Edit story" })).toBeNull();
    expect(screen.getByText("Only the lighthouse stood.")).toBeInTheDocument();
  });

  it("gives a reader no studio, and shows when the story was revised", async () => {
    renderRoute(`/stories/${PUBLIC_ID}`, {
      mocks: [
        storyQueryMock(
          storyFixture({
            viewerIsAuthor: false,
            isPublic: true,
            revisedAt: "2026-11-20T10:00:00Z",
          }),
        ),
      ],
    });
    expect(await screen.findByText(/^Revised /)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit story" })).toBeNull();
    expect(screen.queryByRole("button", { name: "History" })).toBeNull();
  });

  it("shows a follower of the writer that the story has a new chapter, and offers no continuing", async () => {
    renderRoute(`/stories/${PUBLIC_ID}`, {
      mocks: [
        storyQueryMock(storyFixture({ viewerIsAuthor: false, isPublic: true, newChapter: true })),
      ],
    });
    expect(await screen.findByText("New chapter", {}, DRAWN)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue the story" })).toBeNull();
  });
});
