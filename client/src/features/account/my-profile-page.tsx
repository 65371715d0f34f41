import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ProfileAvatar } from "../profile";
import { EarningsLedger } from "../purchases/components";
import { ProfileDetails } from "./profile-details";
import "./account.css";

export const MyProfileQuery = graphql(`
  query MyProfile {
    viewer {
      id
      username
      displayName
      avatarUrl
      bio
      ...ProfileDetails_viewer
    }
  }
`);

const PROFILE_LOAD_FAILED = "Could not load your user profile.";

/** /my/profile: what others see of the signed-in user, with a link to edit it in /settings. */
export function MyProfilePage() {
  useDocumentTitle("My Profile");
  const { data, loading, error, refetch } = useQuery(MyProfileQuery);

  let body;
  if (loading && !data) {
    body = <PageLoading />;
  } else if (error || !data?.viewer) {
    body = (
      <div className="account-error">
        <Alert tone="error">{PROFILE_LOAD_FAILED}</Alert>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Try Again
        </button>
      </div>
    );
  } else {
    const viewer = data.viewer;
    body = (
      <>
        <div className="profile-header">
          <ProfileAvatar username={viewer.username} avatarUrl={viewer.avatarUrl} />
          <div className="profile-header__text">
            <h2>{viewer.displayName ?? viewer.username}</h2>
            <p className="profile-header__username muted">@{viewer.username}</p>
            {viewer.bio ? <p className="profile-header__bio">{viewer.bio}</p> : null}
            <p>
              <Link className="button button--primary" to="/settings">
                Edit profile
              </Link>{" "}
              <Link
                className="button button--secondary"
                to={`/profile/${encodeURIComponent(viewer.username)}`}
              >
                See your public profile
              </Link>
            </p>
          </div>
        </div>
        <ProfileDetails viewer={data.viewer} />
        <EarningsLedger />
      </>
    );
  }

  return (
    <section className="page account-page">
      <h1>My Profile</h1>
      {body}
    </section>
  );
}
