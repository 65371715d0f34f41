import { useEffect, useState } from "react";
import { Navigate, Outlet } from "react-router";
import { clearPendingStoryIntent, postSignInPath } from "../../lib/pending-story-intent";
import { useAuth } from "./auth-context";
import { SignInFlowContext } from "./sign-in-flow";

/**
 * A signed-in user opening /login or /signup goes to /, or to /stories/new when the
 * pending-story-intent flag is stored (the flag is used up).
 */
export function RedirectIfSignedIn() {
  const { currentUser } = useAuth();
  const [flowInProgress, setFlowInProgress] = useState(false);
  if (currentUser !== null && !flowInProgress) return <RedirectAfterSignIn />;
  return (
    <SignInFlowContext value={setFlowInProgress}>
      <Outlet />
    </SignInFlowContext>
  );
}

function RedirectAfterSignIn() {
  // Read once and clear in an effect, so a repeated render cannot lose the flag half-way.
  const [destination] = useState(postSignInPath);
  useEffect(() => {
    if (destination === "/stories/new") clearPendingStoryIntent();
  }, [destination]);
  return <Navigate to={destination} replace />;
}
