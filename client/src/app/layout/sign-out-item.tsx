import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../features/auth";

/** Sign out ends the session and lands on /. */
function useSignOut(): () => Promise<void> {
  const { logOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    // On a login-required page the guard sends a user who signed out to / as well.
    try {
      await logOut();
    } catch (error) {
      console.error("Sign out failed", error);
    }
    await navigate("/");
  }, [logOut, navigate]);
}

/** The Sign out entry of the user menu and the phone menu: closes the menu, then signs out. */
export function SignOutItem({ className, close }: { className: string; close: () => void }) {
  const signOut = useSignOut();
  return (
    <li>
      <button
        type="button"
        className={className}
        onClick={() => {
          close();
          void signOut();
        }}
      >
        Sign out
      </button>
    </li>
  );
}
