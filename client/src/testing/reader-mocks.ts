import type { MockLink } from "@apollo/client/testing";
import { storyFixture } from "./story-fixtures";
import { StoryReaderQuery } from "../features/reader/page/story-reader";

export const PUBLIC_ID = "abc123";
/** The global id of the story storyFixture() gives: what mutations take. */
export const STORY_ID = storyFixture().id;

type Story = ReturnType<typeof storyFixture>;

/** The reader's story query answering `story` (null: not visible). */
export function storyQueryMock(story: Story | null): MockLink.MockedResponse {
  return {
    request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
    result: { data: { story } },
  };
}
