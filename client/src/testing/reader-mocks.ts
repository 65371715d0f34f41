import { MockSubscriptionLink, type MockLink } from "@apollo/client/testing";
import { GraphQLError } from "graphql";
import { signedInUser } from "./fake-auth";
import { renderRoute } from "./render-route";
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

/** The reader of `story` (at PUBLIC_ID) for its signed-in author, its live channel quiet. */
export function renderReaderAsAuthor(story: Story, mocks: MockLink.MockedResponse[] = []) {
  return renderRoute(`/stories/${PUBLIC_ID}`, {
    auth: { currentUser: signedInUser },
    mocks: [storyQueryMock(story), ...mocks],
    // A story being written or under review opens the live channel; here it stays connecting.
    subscriptions: new MockSubscriptionLink(),
  });
}

/** A request refused with `message` and an error `code`, or, without a message, a network failure. */
export function failingMock(
  query: MockLink.MockedRequest["query"],
  variables: object,
  message?: string,
  code = "CONFLICT",
): MockLink.MockedResponse {
  return message
    ? {
        request: { query, variables },
        result: { errors: [new GraphQLError(message, { extensions: { code } })] },
      }
    : { request: { query, variables }, error: new Error("network down") };
}
