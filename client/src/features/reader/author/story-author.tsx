import { useQuery } from "@apollo/client/react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { graphql } from "../../../__generated__";
import type { StoryAuthorQuery as StoryAuthorData } from "../../../__generated__/graphql";
import { useAuth } from "../../auth";
import { useToggleSubscription } from "../../profile/components";
import { VisitorSubscribeLink } from "./visitor-subscribe-link";

export const StoryAuthorQuery = graphql(`
  query StoryAuthor($username: String!) {
    userProfile(username: $username) {
      id
      username
      subscriberCount
      viewerIsSubscribed
      viewerSubscriptionId
      viewerIsSelf
      stories(first: 4) {
        edges {
          node {
            id
            publicId
            title
          }
        }
      }
    }
  }
`);

type AuthorProfile = NonNullable<StoryAuthorData["userProfile"]>;

/** How many of the author's other stories the end of a story names. */
const MORE_BY_AUTHOR = 3;

/**
 * The reader's author, for the byline and the end of the story: their profile (Subscribe, their
 * other stories) loads once the story is there; a visitor is asked to sign in to subscribe.
 */
export function useStoryAuthor(
  author: { username: string } | null,
  storyPublicId: string,
  viewerIsAuthor: boolean,
): { subscribe: ReactNode; moreByAuthor: ReactNode } {
  const { currentUser } = useAuth();
  const { data } = useQuery(StoryAuthorQuery, {
    variables: { username: author?.username ?? "" },
    skip: author === null,
  });
  const profile = data?.userProfile ?? null;
  const others = (profile?.stories.edges ?? [])
    .map((edge) => edge.node)
    .filter((story) => story.publicId !== storyPublicId)
    .slice(0, MORE_BY_AUTHOR);

  let subscribe: ReactNode = null;
  if (author !== null && !viewerIsAuthor) {
    subscribe =
      currentUser === null ? <VisitorSubscribeLink /> : <SubscribeButton profile={profile} />;
  }
  const moreByAuthor =
    author !== null && others.length > 0 ? (
      <nav className="story-end__more" aria-label={`More by ${author.username}`}>
        <h3>More by {author.username}</h3>
        <ul>
          {others.map((story) => (
            <li key={story.id}>
              <Link to={`/stories/${encodeURIComponent(story.publicId)}`}>{story.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    ) : null;
  return { subscribe, moreByAuthor };
}

/** Subscribe / Unsubscribe for a signed-in reader, as on their profile; it waits until the author's profile is there. */
function SubscribeButton({ profile }: { profile: AuthorProfile | null }) {
  const { toggleSubscription, busy } = useToggleSubscription();
  const [failure, setFailure] = useState<string | null>(null);
  if (profile?.viewerIsSelf) return null;
  const subscribed = profile?.viewerIsSubscribed ?? false;
  return (
    <>
      <button
        type="button"
        className="story-subscribe"
        aria-pressed={subscribed}
        disabled={profile === null || busy}
        onClick={async () => {
          if (profile === null) return;
          setFailure(await toggleSubscription(profile));
        }}
      >
        {subscribed ? "Unsubscribe" : "Subscribe"}
      </button>
      {failure ? (
        <span className="story-subscribe__failure" role="alert">
          {failure}
        </span>
      ) : null}
    </>
  );
}
