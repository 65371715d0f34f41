import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { formatDate } from "../../lib/format-date";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth";
import { PagedStoryGrid } from "../stories";
import { ProfileAvatar } from "./profile-avatar";
import { useToggleSubscription } from "./use-toggle-subscription";
import "./profile.css";

export const PROFILE_STORIES_PAGE_SIZE = 9;

export const UserProfileQuery = graphql(`
  query UserProfile($username: String!, $first: Int!, $after: String) {
    userProfile(username: $username) {
      id
      username
      displayName
      avatarUrl
      bio
      joinedAt
      storyCount
      subscriberCount
      viewerIsSubscribed
      viewerSubscriptionId
      viewerIsSelf
      stories(first: $first, after: $after) {
        ...StoryCardConnection_connection
      }
    }
  }
`);

// The product's words (docs/product.md#author-profiles-and-subscriptions).
export const PROFILE_MESSAGES = {
  loadFailed: "Could not load this profile. Please refresh or try again later.",
  loadMoreFailed: "Could not load more stories.",
  empty: "No public stories yet.",
  notFound: "User Not Found",
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** /profile/:username: a person's public profile and their public stories. */
export function PublicProfilePage() {
  const { username = "" } = useParams();
  const { currentUser } = useAuth();
  const { toggleSubscription, busy } = useToggleSubscription();
  const [subscriptionError, setSubscriptionError] = useState<string | null>(null);
  const { data, loading, error, refetch, fetchMore } = useQuery(UserProfileQuery, {
    variables: { username, first: PROFILE_STORIES_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const profile = data?.userProfile;
  useDocumentTitle(profile ? (profile.displayName ?? profile.username) : username);

  if (loading && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <section className="page">
        <Alert tone="error">{PROFILE_MESSAGES.loadFailed}</Alert>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Try Again
        </button>
      </section>
    );
  }
  if (!profile) {
    return (
      <section className="page status-page">
        <h1>{PROFILE_MESSAGES.notFound}</h1>
        <p className="muted">No one here goes by that name.</p>
        <Link className="button button--primary" to="/explore">
          Explore Stories
        </Link>
      </section>
    );
  }

  async function onToggle() {
    if (!profile) return;
    setSubscriptionError(await toggleSubscription(profile));
  }

  return (
    <section className="page profile-page">
      <header className="profile-header">
        <ProfileAvatar username={profile.username} avatarUrl={profile.avatarUrl} />
        <div className="profile-header__text">
          <h1>{profile.displayName ?? profile.username}</h1>
          <p className="profile-header__username muted">@{profile.username}</p>
          {profile.bio ? <p className="profile-header__bio">{profile.bio}</p> : null}
          <ul className="profile-header__facts">
            <li>Joined {formatDate(profile.joinedAt)}</li>
            <li>{plural(profile.storyCount, "story", "stories")}</li>
            <li>{plural(profile.subscriberCount, "subscriber", "subscribers")}</li>
          </ul>
          {currentUser && !profile.viewerIsSelf ? (
            <button
              type="button"
              className={
                profile.viewerIsSubscribed ? "button button--secondary" : "button button--primary"
              }
              aria-pressed={profile.viewerIsSubscribed}
              disabled={busy}
              onClick={() => void onToggle()}
            >
              {profile.viewerIsSubscribed ? "Unsubscribe" : "Subscribe"}
            </button>
          ) : null}
          {profile.viewerIsSelf ? (
            <Link className="button button--secondary" to="/settings">
              Edit profile
            </Link>
          ) : null}
          {subscriptionError ? <Alert tone="error">{subscriptionError}</Alert> : null}
        </div>
      </header>
      <h2>Stories</h2>
      <PagedStoryGrid
        connection={profile.stories}
        hasData
        loading={loading}
        error={error}
        refetch={refetch}
        fetchMore={fetchMore}
        label={`Stories by ${profile.username}`}
        skeletonCount={3}
        messages={PROFILE_MESSAGES}
        empty={<p className="muted">{PROFILE_MESSAGES.empty}</p>}
      />
    </section>
  );
}
