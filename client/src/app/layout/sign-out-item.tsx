import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../features/auth";

/** Sign out ends the session, removes the stories saved offline on this device, and lands on /. */
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
    // Saved copies hold text only this reader may read (docs/decisions/059-offline-reading.md).
    if (typeof indexedDB !== "undefined") {
      // Loaded here: the offline store's code stays out of the first render.
      await import("../../features/offline/components")
        .then(({ clearOfflineStore }) => clearOfflineStore())
        .catch((error: unknown) =>
          console.warn("Could not remove the stories saved offline", error),
        );
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
