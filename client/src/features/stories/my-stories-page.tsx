import { useQuery } from "@apollo/client/react";
import { MY_STORIES_PAGE_SIZE } from "@storyloom/common";
import { Link } from "react-router";
import { graphql } from "../../__generated__";
import { errorCodeOf } from "../../apollo/error-codes";
import { Alert } from "../../components/alert";
import { Skeleton, SkeletonGroup } from "../../components/skeleton";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MyStoryItem } from "./my-story-item";
import { useDiscardMyStory } from "./use-discard-my-story";
import "./my-stories.css";

// One page of MY_STORIES_PAGE_SIZE, the most the api gives at once.
export const MyStoriesQuery = graphql(`
  query MyStories($first: Int!) {
    myStories(first: $first) {
      edges {
        node {
          id
          ...MyStoryItem_story
        }
      }
    }
  }
`);

/** My Stories' words (docs/product.md#my-stories). */
export const MY_STORIES_MESSAGES = {
  loadFailed: "Failed to load stories.",
  notLoggedIn: "Please log in to view your stories.",
} as const;

/** /my/stories: the signed-in person's stories, newest first (docs/product.md#my-stories). */
export function MyStoriesPage() {
  useDocumentTitle("My Stories");
  const { data, loading, error, refetch } = useQuery(MyStoriesQuery, {
    variables: { first: MY_STORIES_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const discard = useDiscardMyStory();

  let body;
  if (loading && !data) {
    body = <MyStoriesSkeleton />;
  } else if (error && !data) {
    const message =
      errorCodeOf(error) === "UNAUTHENTICATED"
        ? MY_STORIES_MESSAGES.notLoggedIn
        : MY_STORIES_MESSAGES.loadFailed;
    body = (
      <div className="my-stories__error">
        <Alert tone="error">{message}</Alert>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (!data || data.myStories.edges.length === 0) {
    body = (
      <div className="my-stories__empty">
        <p>You have not generated any stories yet.</p>
        <Link className="button button--primary" to="/stories/new">
          Generate Your First Story
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="my-stories__list" aria-label="Your stories">
        {data.myStories.edges.map(({ node }) => (
          <MyStoryItem key={node.id} story={node} onDiscard={discard} />
        ))}
      </ul>
    );
  }

  return (
    <section className="page my-stories">
      <div className="my-stories__header">
        <h1>My Stories</h1>
        <Link className="button button--secondary" to="/stories/new">
          Generate Story
        </Link>
      </div>
      {body}
      <p className="my-stories__links">
        <Link className="standalone-link" to="/explore">
          Explore Other Stories
        </Link>
      </p>
    </section>
  );
}

function MyStoriesSkeleton() {
  return (
    <SkeletonGroup className="my-stories__skeleton">
      {[0, 1, 2].map((row) => (
        <div key={row} className="my-stories__skeleton-row">
          <Skeleton shape="title" width="45%" />
          <Skeleton />
          <Skeleton width="60%" />
        </div>
      ))}
    </SkeletonGroup>
  );
}
