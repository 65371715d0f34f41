import { useQuery } from "@apollo/client/react";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ProfileDetails } from "./profile-details";
import "./account.css";

export const MyProfileQuery = graphql(`
  query MyProfile {
    viewer {
      id
      ...ProfileDetails_viewer
    }
  }
`);

const PROFILE_LOAD_FAILED = "Could not load your user profile.";

/** /my/profile: the signed-in user's own profile, read-only (no screen edits it yet). */
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
    body = <ProfileDetails viewer={data.viewer} />;
  }

  return (
    <section className="page account-page">
      <h1>My Profile</h1>
      {body}
    </section>
  );
}
