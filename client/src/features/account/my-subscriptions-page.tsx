import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ProfileAvatar } from "../profile";
import { PagedStoryGrid } from "../stories";
import "./account.css";

export const SUBSCRIPTION_FEED_PAGE_SIZE = 9;

export const MySubscriptionsQuery = graphql(`
  query MySubscriptions($first: Int!, $after: String) {
    viewer {
      id
      subscriptions(first: 50) {
        edges {
          cursor
          node {
            id
            username
            displayName
            avatarUrl
            storyCount
          }
        }
      }
    }
    subscriptionFeed(first: $first, after: $after) {
      ...StoryCardConnection_connection
    }
  }
`);

// The product's words (docs/product.md#author-profiles-and-subscriptions).
export const SUBSCRIPTIONS_MESSAGES = {
  loadFailed: "Could not load your subscriptions. Please refresh or try again later.",
  loadMoreFailed: "Could not load more stories.",
  noAuthors: "You do not follow any writers yet.",
  noStories: "The writers you follow have no public stories yet.",
} as const;

/** /my/subscriptions: the authors the viewer follows, and their newest public stories. */
export function MySubscriptionsPage() {
  useDocumentTitle("My Subscriptions");
  const { data, loading, error, refetch, fetchMore } = useQuery(MySubscriptionsQuery, {
    variables: { first: SUBSCRIPTION_FEED_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const authors = data?.viewer?.subscriptions.edges.map((edge) => edge.node) ?? [];

  let followed;
  if (loading && !data) followed = <PageLoading />;
  else if (error && !data)
    followed = <Alert tone="error">{SUBSCRIPTIONS_MESSAGES.loadFailed}</Alert>;
  else if (authors.length === 0) {
    followed = (
      <div className="subscriptions__empty">
        <p>{SUBSCRIPTIONS_MESSAGES.noAuthors}</p>
        <Link className="button button--primary" to="/explore">
          Explore Stories
        </Link>
      </div>
    );
  } else {
    followed = (
      <ul className="subscriptions__authors" aria-label="Writers you follow">
        {authors.map((author) => (
          <li key={author.id}>
            <Link
              className="subscriptions__author"
              to={`/profile/${encodeURIComponent(author.username)}`}
            >
              <ProfileAvatar username={author.username} avatarUrl={author.avatarUrl} size={40} />
              <span>
                <strong>{author.displayName ?? author.username}</strong>
                <span className="muted"> @{author.username}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="page subscriptions">
      <h1>My Subscriptions</h1>
      <h2>Writers you follow</h2>
      {followed}
      {authors.length > 0 ? (
        <>
          <h2>Their newest stories</h2>
          <PagedStoryGrid
            connection={data?.subscriptionFeed}
            hasData={data !== undefined}
            loading={loading}
            error={error}
            refetch={refetch}
            fetchMore={fetchMore}
            label="Newest stories of the writers you follow"
            skeletonCount={3}
            messages={SUBSCRIPTIONS_MESSAGES}
            empty={<p className="muted">{SUBSCRIPTIONS_MESSAGES.noStories}</p>}
          />
        </>
      ) : null}
    </section>
  );
}
