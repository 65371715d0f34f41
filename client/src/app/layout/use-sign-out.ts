import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../features/auth";

/** Sign out ends the session and lands on /. */
export function useSignOut(): () => Promise<void> {
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
