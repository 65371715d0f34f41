import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/alert";
import { TextField } from "../../../components/text-field";
import { returnPathOf, signInPage } from "../../../lib/return-path";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuth } from "../auth-context";
import { authErrorCode } from "../auth-service";
import { AUTH_MESSAGES } from "../messages";
import { AuthPageLayout } from "./auth-page-layout";

type Outcome = { tone: "success" | "error"; message: string } | null;

export function ForgotPasswordPage() {
  useDocumentTitle("Reset password");
  const { resetPassword } = useAuth();
  const returnTo = returnPathOf(useLocation().search);
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setOutcome(null);
    setPending(true);
    try {
      await resetPassword(email.trim());
      setOutcome({ tone: "success", message: AUTH_MESSAGES.resetSent });
    } catch (caught) {
      console.warn(`Password reset failed (${authErrorCode(caught)})`);
      setOutcome({ tone: "error", message: AUTH_MESSAGES.resetFailed });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthPageLayout
      title="Reset your password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <p>
          <Link to={signInPage("/login", returnTo)}>Back to sign in</Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={handleSubmit} aria-busy={pending}>
        {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          Reset Password
        </button>
      </form>
    </AuthPageLayout>
  );
}
