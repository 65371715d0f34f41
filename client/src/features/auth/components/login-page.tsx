import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/alert";
import { TextField } from "../../../components/text-field";
import { returnPathOf, signInPage } from "../../../lib/return-path";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuth } from "../auth-context";
import { authErrorCode } from "../auth-service";
import { AUTH_MESSAGES } from "../messages";
import { isPopupCancelled } from "../popup-cancelled";
import { useHoldSignedInRedirect } from "../sign-in-flow";
import { usePostSignInRedirect } from "../use-post-sign-in-redirect";
import { AuthPageLayout } from "./auth-page-layout";
import { GoogleMark } from "./google-mark";

type Pending = "password" | "google" | null;

export function LoginPage() {
  useDocumentTitle("Sign in");
  const { signIn, signInWithGoogle } = useAuth();
  const holdRedirect = useHoldSignedInRedirect();
  const redirectAfterSignIn = usePostSignInRedirect();
  const returnTo = returnPathOf(useLocation().search);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  async function run(kind: Exclude<Pending, null>, action: () => Promise<void>, failure: string) {
    setError(null);
    setPending(kind);
    holdRedirect(true);
    try {
      await action();
    } catch (caught) {
      console.warn(`Sign-in failed (${authErrorCode(caught)})`);
      if (!isPopupCancelled(caught)) setError(failure);
      setPending(null);
      holdRedirect(false);
      return;
    }
    redirectAfterSignIn();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    void run("password", () => signIn(email.trim(), password), AUTH_MESSAGES.signInFailed);
  }

  function handleGoogle() {
    if (pending) return;
    void run("google", signInWithGoogle, AUTH_MESSAGES.googleSignInFailed);
  }

  return (
    <AuthPageLayout
      title="Welcome back"
      subtitle="Sign in to write, save and discuss stories."
      footer={
        <p>
          Don&apos;t have an account? <Link to={signInPage("/signup", returnTo)}>Sign up</Link>
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
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="auth-form__row">
          <Link to={signInPage("/forgot-password", returnTo)}>Forgot password?</Link>
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={pending !== null}
        >
          Sign in
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
        Sign in with Google
      </button>
    </AuthPageLayout>
  );
}
