import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { clearPendingStoryIntent, postSignInPath } from "../../lib/pending-story-intent";

/**
 * After a successful sign-in or sign-up: the page the sign-in page was asked to come back to, or /
 * or, with the pending-story-intent flag, /stories/new (the flag is then used up).
 */
export function usePostSignInRedirect(): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => {
    const destination = postSignInPath(search);
    if (destination === "/stories/new") clearPendingStoryIntent();
    void navigate(destination, { replace: true });
  }, [navigate, search]);
}
