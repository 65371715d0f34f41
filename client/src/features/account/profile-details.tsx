import { getFragmentData, graphql, type FragmentType } from "../../__generated__";
import { formatDate } from "../../lib/format-date";

export const ProfileDetailsFragment = graphql(`
  fragment ProfileDetails_viewer on Viewer {
    username
    email
    displayName
    isPremium
    createdAt
    termsAcceptedAt
    privacyPolicyAcceptedAt
  }
`);

interface ProfileDetailsProps {
  viewer: FragmentType<typeof ProfileDetailsFragment>;
}

export function ProfileDetails(props: ProfileDetailsProps) {
  const viewer = getFragmentData(ProfileDetailsFragment, props.viewer);
  return (
    <dl className="profile-details">
      <div>
        <dt>Username</dt>
        <dd>{viewer.username}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{viewer.email ?? "Not set"}</dd>
      </div>
      {viewer.displayName ? (
        <div>
          <dt>Display name</dt>
          <dd>{viewer.displayName}</dd>
        </div>
      ) : null}
      <div>
        <dt>Plan</dt>
        <dd>{viewer.isPremium ? "Premium" : "Free"}</dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd>{formatDate(viewer.createdAt)}</dd>
      </div>
      <div>
        <dt>Terms of Service</dt>
        <dd>
          {viewer.termsAcceptedAt ? `Accepted ${formatDate(viewer.termsAcceptedAt)}` : "Pending"}
        </dd>
      </div>
      <div>
        <dt>Privacy Policy</dt>
        <dd>
          {viewer.privacyPolicyAcceptedAt
            ? `Accepted ${formatDate(viewer.privacyPolicyAcceptedAt)}`
            : "Pending"}
        </dd>
      </div>
    </dl>
  );
}
