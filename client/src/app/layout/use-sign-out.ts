import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../features/auth";

/** Spec §2 Layout: Sign out ends the session and lands on /. */
export function useSignOut(): () => Promise<void> {
  const { logOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave first: on a login-required page the guard would otherwise send the now signed-out
    // visitor to /login before the move to / lands.
    await navigate("/");
    try {
      await logOut();
    } catch (error) {
      console.error("Sign out failed", error);
    }
  }, [logOut, navigate]);
}
