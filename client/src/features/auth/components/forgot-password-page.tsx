import { useState } from "react";
import { Link, useLocation } from "react-router";
import { returnPathOf, signInPage } from "../../../lib/return-path";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuth } from "../auth-context";
import { authErrorCode } from "../auth-service";
import { AUTH_MESSAGES } from "../messages";
import { AuthFormPage, EmailField, type AuthFormMessage } from "./auth-form-page";

export function ForgotPasswordPage() {
  useDocumentTitle("Reset password");
  const { resetPassword } = useAuth();
  const returnTo = returnPathOf(useLocation().search);
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<AuthFormMessage | null>(null);
  const [pending, setPending] = useState(false);

  async function sendResetEmail() {
    setOutcome(null);
    setPending(true);
    try {
      await resetPassword(email.trim());
      setOutcome({ tone: "success", text: AUTH_MESSAGES.resetSent });
    } catch (caught) {
      console.warn(`Password reset failed (${authErrorCode(caught)})`);
      setOutcome({ tone: "error", text: AUTH_MESSAGES.resetFailed });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthFormPage
      title="Reset your password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      message={outcome}
      busy={pending}
      submitLabel="Reset Password"
      onSubmit={() => void sendResetEmail()}
      links={
        <p>
          <Link to={signInPage("/login", returnTo)}>Back to sign in</Link>
        </p>
      }
    >
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
    </AuthFormPage>
  );
}
