import { Navigate, Outlet } from "react-router";
import { PageLoading } from "../../components/loading";
import { useAuth } from "./auth-context";

/** Spec §2 login-required routes: Loading... while auth loads, /login for a visitor. */
export function RequireAuth() {
  const { currentUser, loading } = useAuth();
  if (loading) return <PageLoading />;
  if (currentUser === null) return <Navigate to="/login" replace />;
  return <Outlet />;
}
