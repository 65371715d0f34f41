import { useCallback } from "react";
import { useNavigate } from "react-router";
import { clearPendingStoryIntent, postSignInPath } from "../../lib/pending-story-intent";

/** After a successful sign-in or sign-up: / or, with the pending-story-intent flag, /stories/new. */
export function usePostSignInRedirect(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const destination = postSignInPath();
    if (destination === "/stories/new") clearPendingStoryIntent();
    void navigate(destination, { replace: true });
  }, [navigate]);
}
