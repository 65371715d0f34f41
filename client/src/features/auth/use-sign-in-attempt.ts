import { useState } from "react";
import type { AuthFormMessage } from "./components/auth-form-page";
import { authErrorCode } from "./auth-service";
import { isPopupCancelled } from "./popup-cancelled";
import { useHoldSignedInRedirect } from "./sign-in-flow";
import { usePostSignInRedirect } from "./use-post-sign-in-redirect";

interface Attempt {
  /** Signs in or creates the account; null when that is done already. */
  signIn: (() => Promise<void>) | null;
  /** What the form says when it fails. */
  failure: string;
  /** What must be done once signed in before leaving (sign-up's acceptance); false: it failed. */
  beforeLeaving?: () => Promise<boolean>;
}

/**
 * A sign-in or sign-up from /login or /signup. While it runs, the page (not the guard) decides
 * when to leave: the guard must not send a new user away before the acceptance is recorded. A
 * failure shows the attempt's words, except when the person closed Google's pop-up; success goes
 * to the page to come back to.
 */
export function useSignInAttempt(what: "Sign-in" | "Sign-up") {
  const holdRedirect = useHoldSignedInRedirect();
  const redirectAfterSignIn = usePostSignInRedirect();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt({ signIn, failure, beforeLeaving }: Attempt) {
    setError(null);
    setBusy(true);
    holdRedirect(true);
    if (signIn) {
      try {
        await signIn();
      } catch (caught) {
        console.warn(`${what} failed (${authErrorCode(caught)})`);
        if (!isPopupCancelled(caught)) setError(failure);
        setBusy(false);
        holdRedirect(false);
        return;
      }
    }
    if (beforeLeaving && !(await beforeLeaving())) {
      setError(failure);
      setBusy(false);
      return;
    }
    redirectAfterSignIn();
  }

  const message: AuthFormMessage | null = error ? { tone: "error", text: error } : null;
  return {
    message,
    /** Says why the form cannot be sent (a check before any attempt). */
    refuse: setError,
    busy,
    attempt: (how: Attempt) => void attempt(how),
  };
}
