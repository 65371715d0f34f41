import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/loading";
import { storePendingStoryIntent } from "../../lib/pending-story-intent";
import { signInPage } from "../../lib/return-path";
import { useAuth } from "./auth-context";

/**
 * Login-required routes: Loading... while the identity is not known yet (they ask for it at once,
 * so a signed-in reader never sees /login flash), /login for a visitor, and / for a user who just
 * signed out here (Sign out navigates to /).
 */
export function RequireAuth() {
  const { currentUser, loading, signedOutByUser, loadIdentity } = useAuth();
  useEffect(() => {
    if (loading) loadIdentity();
  }, [loading, loadIdentity]);
  if (loading) return <PageLoading />;
  if (currentUser === null) {
    return signedOutByUser ? <Navigate to="/" replace /> : <VisitorToLogin />;
  }
  return <Outlet />;
}

/**
 * Once signed in, a visitor comes back to the page they opened: /stories/new through the
 * pending-story intent (which keeps what they typed), any other through the sign-in page's `?next=`.
 */
function VisitorToLogin() {
  const { pathname } = useLocation();
  const wantedToWrite = pathname === "/stories/new";
  useEffect(() => {
    if (wantedToWrite) storePendingStoryIntent();
  }, [wantedToWrite]);
  return <Navigate to={signInPage("/login", wantedToWrite ? null : pathname)} replace />;
}
