// The auth feature's public surface for the rest of the app. Pages are imported by the router
// directly (lazily), so they are not re-exported here.
export { AuthContext, useAuth, type AuthContextValue } from "./auth-context";
export { AuthProvider } from "./auth-provider";
export type { AuthService, AuthUser } from "./auth-service";
export { RedirectIfSignedIn } from "./redirect-if-signed-in";
export { RequireAuth } from "./require-auth";
