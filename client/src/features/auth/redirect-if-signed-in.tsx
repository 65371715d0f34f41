import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/loading";
import { clearPendingStoryIntent, postSignInPath } from "../../lib/pending-story-intent";
import { useAuth } from "./auth-context";
import { SignInFlowContext } from "./sign-in-flow";

/**
 * A signed-in user opening /login or /signup goes to the page it asks to come back to (`?next=`),
 * else to /, or to /stories/new when the pending-story-intent flag is stored (the flag is used up). The pages ask for the identity SDK at
 * once (they need it); a visitor sees the form meanwhile, a browser with the signed-in hint waits
 * for the identity so the form does not flash before the redirect.
 */
export function RedirectIfSignedIn() {
  const { currentUser, loading, signedInHint, loadIdentity } = useAuth();
  const [flowInProgress, setFlowInProgress] = useState(false);
  useEffect(() => {
    if (loading) loadIdentity();
  }, [loading, loadIdentity]);
  if (signedInHint) return <PageLoading />;
  if (currentUser !== null && !flowInProgress) return <RedirectAfterSignIn />;
  return (
    <SignInFlowContext value={setFlowInProgress}>
      <Outlet />
    </SignInFlowContext>
  );
}

function RedirectAfterSignIn() {
  // Read once and clear in an effect, so a repeated render cannot lose the flag half-way.
  const { search } = useLocation();
  const [destination] = useState(() => postSignInPath(search));
  useEffect(() => {
    if (destination === "/stories/new") clearPendingStoryIntent();
  }, [destination]);
  return <Navigate to={destination} replace />;
}
