import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/alert";
import { TextField } from "../../../components/text-field";
import { returnPathOf, signInPage } from "../../../lib/return-path";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuth } from "../auth-context";
import { authErrorCode } from "../auth-service";
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from "../messages";
import { isPopupCancelled } from "../popup-cancelled";
import { useHoldSignedInRedirect } from "../sign-in-flow";
import { useAcceptPolicies } from "../use-accept-policies";
import { usePostSignInRedirect } from "../use-post-sign-in-redirect";
import { AuthPageLayout } from "./auth-page-layout";
import { GoogleMark } from "./google-mark";

type Pending = "password" | "google" | null;

export function SignupPage() {
  useDocumentTitle("Sign up");
  const { currentUser, signUp, signInWithGoogle } = useAuth();
  const holdRedirect = useHoldSignedInRedirect();
  const redirectAfterSignIn = usePostSignInRedirect();
  const acceptPolicies = useAcceptPolicies();
  const returnTo = returnPathOf(useLocation().search);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [acceptedPrivacy, setAcceptedPrivacy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  // The account exists but recording the acceptance failed: a retry only records the acceptance.
  const [awaitingAcceptance, setAwaitingAcceptance] = useState(false);

  async function complete(
    kind: Exclude<Pending, null>,
    createAccount: () => Promise<void>,
    failure: string,
  ) {
    setError(null);
    setPending(kind);
    // The guard must not send the new user away before the acceptance is recorded.
    holdRedirect(true);
    if (!(awaitingAcceptance && currentUser !== null)) {
      try {
        await createAccount();
      } catch (caught) {
        console.warn(`Sign-up failed (${authErrorCode(caught)})`);
        if (!isPopupCancelled(caught)) setError(failure);
        setPending(null);
        holdRedirect(false);
        return;
      }
    }
    try {
      // Both documents accepted at sign-up, recorded by the api (profile created too).
      await acceptPolicies();
    } catch (caught) {
      console.error("Could not record the terms and privacy policy acceptance", caught);
      setAwaitingAcceptance(true);
      setError(failure);
      setPending(null);
      return;
    }
    redirectAfterSignIn();
  }

  const policiesAccepted = acceptedTerms && acceptedPrivacy;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // The sign-up checks, in order (docs/product.md#sign-up).
    if (email.trim() === "" || password === "") {
      setError(AUTH_MESSAGES.emailAndPasswordRequired);
      return;
    }
    if (password !== confirmPassword) {
      setError(AUTH_MESSAGES.passwordsDoNotMatch);
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(AUTH_MESSAGES.passwordTooShort);
      return;
    }
    if (!policiesAccepted) {
      setError(AUTH_MESSAGES.acceptPolicies);
      return;
    }
    void complete("password", () => signUp(email.trim(), password), AUTH_MESSAGES.signUpFailed);
  }

  function handleGoogle() {
    if (pending) return;
    // The terms and privacy boxes apply to Google sign-up too.
    if (!policiesAccepted) {
      setError(AUTH_MESSAGES.acceptPolicies);
      return;
    }
    void complete("google", signInWithGoogle, AUTH_MESSAGES.googleSignUpFailed);
  }

  return (
    <AuthPageLayout
      title="Create your account"
      subtitle="Generate stories with AI, keep them private or share them with everyone."
      footer={
        <p>
          Already have an account? <Link to={signInPage("/login", returnTo)}>Sign in</Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={handleSubmit} aria-busy={pending !== null}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="acceptTerms"
            checked={acceptedTerms}
            onChange={(event) => setAcceptedTerms(event.target.checked)}
          />
          <span>
            I accept the {/* A new tab keeps what the person typed here. */}
            <Link to="/terms" target="_blank" rel="noopener">
              Terms of Service
            </Link>
          </span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            name="acceptPrivacyPolicy"
            checked={acceptedPrivacy}
            onChange={(event) => setAcceptedPrivacy(event.target.checked)}
          />
          <span>
            I accept the{" "}
            <Link to="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </Link>
          </span>
        </label>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={pending !== null}
        >
          Sign up
        </button>
      </form>
      <div className="auth-divider">or</div>
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={handleGoogle}
        disabled={pending !== null}
      >
        <GoogleMark />
        Sign up with Google
      </button>
    </AuthPageLayout>
  );
}
