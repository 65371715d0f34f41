import { Navigate, Outlet } from "react-router";
import { PageLoading } from "../../components/loading";
import { useAuth } from "./auth-context";

/**
 * Login-required routes: Loading... while auth loads, /login for a visitor, and / for a user who
 * just signed out here (Sign out navigates to /).
 */
export function RequireAuth() {
  const { currentUser, loading, signedOutByUser } = useAuth();
  if (loading) return <PageLoading />;
  if (currentUser === null) return <Navigate to={signedOutByUser ? "/" : "/login"} replace />;
  return <Outlet />;
}
