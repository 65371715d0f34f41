import { useState } from "react";
import { Link, useLocation } from "react-router";
import { returnPathOf, signInPage } from "../../../lib/return-path";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuth } from "../auth-context";
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from "../messages";
import { useAcceptPolicies } from "../use-accept-policies";
import { useSignInAttempt } from "../use-sign-in-attempt";
import { AuthFormPage, EmailField, PasswordField } from "./auth-form-page";

export function SignupPage() {
  useDocumentTitle("Sign up");
  const { currentUser, signUp, signInWithGoogle } = useAuth();
  const { message, refuse, busy, attempt } = useSignInAttempt("Sign-up");
  const acceptPolicies = useAcceptPolicies();
  const returnTo = returnPathOf(useLocation().search);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [acceptedPrivacy, setAcceptedPrivacy] = useState(false);
  // The account exists but recording the acceptance failed: a retry only records the acceptance.
  const [awaitingAcceptance, setAwaitingAcceptance] = useState(false);
  const policiesAccepted = acceptedTerms && acceptedPrivacy;

  async function recordAcceptance(): Promise<boolean> {
    try {
      // Both documents accepted at sign-up, recorded by the api (profile created too).
      await acceptPolicies();
      return true;
    } catch (caught) {
      console.error("Could not record the terms and privacy policy acceptance", caught);
      setAwaitingAcceptance(true);
      return false;
    }
  }

  function complete(createAccount: () => Promise<void>, failure: string) {
    const accountCreated = awaitingAcceptance && currentUser !== null;
    attempt({
      signIn: accountCreated ? null : createAccount,
      failure,
      beforeLeaving: recordAcceptance,
    });
  }

  function handleSubmit() {
    // The sign-up checks, in order (docs/product.md#sign-up).
    if (email.trim() === "" || password === "") refuse(AUTH_MESSAGES.emailAndPasswordRequired);
    else if (password !== confirmPassword) refuse(AUTH_MESSAGES.passwordsDoNotMatch);
    else if (password.length < MIN_PASSWORD_LENGTH) refuse(AUTH_MESSAGES.passwordTooShort);
    else if (!policiesAccepted) refuse(AUTH_MESSAGES.acceptPolicies);
    else complete(() => signUp(email.trim(), password), AUTH_MESSAGES.signUpFailed);
  }

  function handleGoogle() {
    // The terms and privacy boxes apply to Google sign-up too.
    if (!policiesAccepted) refuse(AUTH_MESSAGES.acceptPolicies);
    else complete(signInWithGoogle, AUTH_MESSAGES.googleSignUpFailed);
  }

  return (
    <AuthFormPage
      title="Create your account"
      subtitle="Generate stories with AI, keep them private or share them with everyone."
      message={message}
      busy={busy}
      submitLabel="Sign up"
      onSubmit={handleSubmit}
      google={{ label: "Sign up with Google", onClick: handleGoogle }}
      links={
        <p>
          Already have an account? <Link to={signInPage("/login", returnTo)}>Sign in</Link>
        </p>
      }
    >
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <PolicyCheckbox
        name="acceptTerms"
        document="Terms of Service"
        to="/terms"
        checked={acceptedTerms}
        onChange={setAcceptedTerms}
      />
      <PolicyCheckbox
        name="acceptPrivacyPolicy"
        document="Privacy Policy"
        to="/privacy"
        checked={acceptedPrivacy}
        onChange={setAcceptedPrivacy}
      />
    </AuthFormPage>
  );
}

interface PolicyCheckboxProps {
  name: string;
  /** The document's name, its link's words. */
  document: string;
  to: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** "I accept the <document>", the document a link. */
function PolicyCheckbox({ name, document, to, checked, onChange }: PolicyCheckboxProps) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        I accept the {/* A new tab keeps what the person typed here. */}
        <Link to={to} target="_blank" rel="noopener">
          {document}
        </Link>
      </span>
    </label>
  );
}
