import { CombinedGraphQLErrors } from "@apollo/client";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { graphql } from "../../__generated__";
import type { SettingsQuery as SettingsQueryResult } from "../../__generated__/graphql";
import { errorCodeOf } from "../../apollo/error-codes";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageLoading } from "../../components/loading";
import { TextAreaField } from "../../components/text-area-field";
import { TextField } from "../../components/text-field";
import { formatDate } from "../../lib/format-date";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth";
import { ReadingPreferencesSection } from "./reading-preferences-section";
import { NotificationSettingsSection } from "../notifications";
import { SETTINGS_MESSAGES } from "./settings-messages";
import "./account.css";

export const SettingsQuery = graphql(`
  query Settings {
    viewer {
      id
      username
      displayName
      avatarUrl
      bio
      theme
      readerFont
      ageVerifiedAt
      termsAcceptedAt
      privacyPolicyAcceptedAt
    }
  }
`);

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      id
      username
      displayName
      avatarUrl
      bio
    }
  }
`);

export const VerifyAgeMutation = graphql(`
  mutation VerifyAge {
    verifyAge {
      id
      ageVerifiedAt
    }
  }
`);

export const SettingsAcceptTermsMutation = graphql(`
  mutation SettingsAcceptTerms {
    acceptTerms {
      id
      termsAcceptedAt
    }
  }
`);

export const SettingsAcceptPrivacyMutation = graphql(`
  mutation SettingsAcceptPrivacy {
    acceptPrivacyPolicy {
      id
      privacyPolicyAcceptedAt
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount {
    deleteAccount {
      deleted
    }
  }
`);

// The product's words (docs/product.md#settings).

/** The server's words for a refused change (bad input names what is wrong). */
function profileErrorMessage(error: unknown): string {
  if (errorCodeOf(error) === "CONFLICT") return SETTINGS_MESSAGES.usernameTaken;
  if (errorCodeOf(error) === "BAD_USER_INPUT" && CombinedGraphQLErrors.is(error)) {
    return error.errors[0]?.message ?? SETTINGS_MESSAGES.profileFailed;
  }
  return SETTINGS_MESSAGES.profileFailed;
}

/** /settings: profile, reading preferences, consents, and deleting the account. */
export function SettingsPage() {
  useDocumentTitle("Settings");
  const { data, loading, error } = useQuery(SettingsQuery);
  const viewer = data?.viewer;

  let body;
  if (loading && !data) body = <PageLoading />;
  else if (error || !viewer) body = <Alert tone="error">{SETTINGS_MESSAGES.loadFailed}</Alert>;
  else {
    body = (
      <>
        <ProfileSection viewer={viewer} />
        <ReadingPreferencesSection viewer={viewer} />
        <NotificationSettingsSection />
        <ConsentSection viewer={viewer} />
        <DeleteAccountSection />
      </>
    );
  }
  return (
    <section className="page account-page">
      <h1>Settings</h1>
      {body}
    </section>
  );
}

type SettingsViewer = NonNullable<SettingsQueryResult["viewer"]>;

function ProfileSection({ viewer }: { viewer: SettingsViewer }) {
  const [updateProfile, { loading }] = useMutation(UpdateProfileMutation);
  const [username, setUsername] = useState(viewer.username);
  const [displayName, setDisplayName] = useState(viewer.displayName ?? "");
  const [avatarUrl, setAvatarUrl] = useState(viewer.avatarUrl ?? "");
  const [bio, setBio] = useState(viewer.bio ?? "");
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await updateProfile({
        variables: {
          input: {
            username: username.trim(),
            displayName,
            avatarUrl: avatarUrl.trim() === "" ? null : avatarUrl.trim(),
            bio,
          },
        },
      });
      setMessage({ tone: "success", text: SETTINGS_MESSAGES.profileSaved });
    } catch (failure) {
      setMessage({ tone: "error", text: profileErrorMessage(failure) });
    }
  }

  return (
    <section className="settings-section" aria-labelledby="settings-profile">
      <h2 id="settings-profile">Profile</h2>
      <p className="muted">
        What others see on{" "}
        <Link to={`/profile/${encodeURIComponent(viewer.username)}`}>your public profile</Link>.
      </p>
      <form onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Username"
          hint="3 to 30 characters: lower-case letters, digits and underscores."
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
          autoComplete="username"
        />
        <TextField
          label="Display name"
          value={displayName}
          maxLength={60}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <TextField
          label="Avatar URL"
          hint="An https address of a picture."
          type="url"
          value={avatarUrl}
          maxLength={500}
          onChange={(event) => setAvatarUrl(event.target.value)}
        />
        <TextAreaField
          label="Bio"
          value={bio}
          maxLength={500}
          rows={4}
          onChange={(event) => setBio(event.target.value)}
        />
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <div>
          <button type="submit" className="button button--primary" disabled={loading}>
            Save profile
          </button>
        </div>
      </form>
    </section>
  );
}

function ConsentSection({ viewer }: { viewer: SettingsViewer }) {
  const [verifyAge] = useMutation(VerifyAgeMutation);
  const [acceptTerms] = useMutation(SettingsAcceptTermsMutation);
  const [acceptPrivacy] = useMutation(SettingsAcceptPrivacyMutation);
  const [failed, setFailed] = useState(false);
  const rows = [
    {
      label: "Age",
      done: "Confirmed",
      at: viewer.ageVerifiedAt,
      action: "I confirm I am of age",
      run: () => verifyAge(),
    },
    {
      label: "Terms of Service",
      done: "Accepted",
      at: viewer.termsAcceptedAt,
      action: "Accept the Terms of Service",
      run: () => acceptTerms(),
    },
    {
      label: "Privacy Policy",
      done: "Accepted",
      at: viewer.privacyPolicyAcceptedAt,
      action: "Accept the Privacy Policy",
      run: () => acceptPrivacy(),
    },
  ];
  return (
    <section className="settings-section" aria-labelledby="settings-consents">
      <h2 id="settings-consents">Consents</h2>
      <dl className="profile-details">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              {/* Honest labels: a row says what is done, and when, or that it is pending
                  (issue 29 row 12). */}
              {row.at ? (
                `${row.done} ${formatDate(row.at)}`
              ) : (
                <span className="consent-pending">
                  <span>Pending</span>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setFailed(false);
                      row.run().catch(() => setFailed(true));
                    }}
                  >
                    {row.action}
                  </button>
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        Read the <Link to="/terms">Terms of Service</Link> and the{" "}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
      {failed ? <Alert tone="error">{SETTINGS_MESSAGES.consentFailed}</Alert> : null}
    </section>
  );
}

function DeleteAccountSection() {
  const [deleteAccount, { loading }] = useMutation(DeleteAccountMutation);
  const { logOut } = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  async function onConfirm() {
    setFailed(false);
    try {
      await deleteAccount();
    } catch (error) {
      console.warn("Deleting the account failed", error);
      setFailed(true);
      setConfirming(false);
      return;
    }
    // The sign-in account is gone on the server; end this browser's session too.
    try {
      await logOut();
    } catch (error) {
      console.warn("Signing out after deleting the account failed", error);
    }
    await navigate("/");
  }

  return (
    <section className="settings-section settings-danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete">Delete my account</h2>
      <p>{SETTINGS_MESSAGES.deleteDescription}</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Delete my account
      </button>
      {failed ? <Alert tone="error">{SETTINGS_MESSAGES.deleteFailed}</Alert> : null}
      {confirming ? (
        <ConfirmDialog
          title={SETTINGS_MESSAGES.deleteTitle}
          description={SETTINGS_MESSAGES.deleteDescription}
          confirmLabel="Delete my account"
          dismissLabel="Keep my account"
          busy={loading}
          onConfirm={() => void onConfirm()}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
