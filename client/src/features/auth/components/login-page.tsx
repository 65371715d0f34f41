import { useState } from "react";
import { Link, useLocation } from "react-router";
import { returnPathOf, signInPage } from "../../../lib/return-path";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuth } from "../auth-context";
import { AUTH_MESSAGES } from "../messages";
import { useSignInAttempt } from "../use-sign-in-attempt";
import { AuthFormPage, EmailField, PasswordField } from "./auth-form-page";

export function LoginPage() {
  useDocumentTitle("Sign in");
  const { signIn, signInWithGoogle } = useAuth();
  const { message, busy, attempt } = useSignInAttempt("Sign-in");
  const returnTo = returnPathOf(useLocation().search);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  return (
    <AuthFormPage
      title="Welcome back"
      subtitle="Sign in to write, save and discuss stories."
      message={message}
      busy={busy}
      submitLabel="Sign in"
      onSubmit={() =>
        attempt({
          signIn: () => signIn(email.trim(), password),
          failure: AUTH_MESSAGES.signInFailed,
        })
      }
      google={{
        label: "Sign in with Google",
        onClick: () =>
          attempt({ signIn: signInWithGoogle, failure: AUTH_MESSAGES.googleSignInFailed }),
      }}
      links={
        <p>
          Don&apos;t have an account? <Link to={signInPage("/signup", returnTo)}>Sign up</Link>
        </p>
      }
    >
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="auth-form__row">
        <Link to={signInPage("/forgot-password", returnTo)}>Forgot password?</Link>
      </div>
    </AuthFormPage>
  );
}
