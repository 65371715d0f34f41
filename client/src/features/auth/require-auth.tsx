import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/loading";
import { storePendingStoryIntent } from "../../lib/pending-story-intent";
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

/** A visitor who opened /stories/new wanted to write: once signed in, they come back to it. */
function VisitorToLogin() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === "/stories/new") storePendingStoryIntent();
  }, [pathname]);
  return <Navigate to="/login" replace />;
}
