import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { PageLoading } from "../../components/loading";
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
  if (currentUser === null) return <Navigate to={signedOutByUser ? "/" : "/login"} replace />;
  return <Outlet />;
}
