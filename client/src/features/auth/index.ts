// The auth feature's public surface for the rest of the app. Its pages load with their routes.
import { lazyPage } from "../../lib/lazy-page";

export { AuthContext, useAuth, type AuthContextValue } from "./auth-context";
export { AuthProvider } from "./auth-provider";
export type { AuthService, AuthUser } from "./auth-service";
export { RedirectIfSignedIn } from "./redirect-if-signed-in";
export { RequireAuth } from "./require-auth";
export { readSignedInHint } from "./signed-in-hint";

export const LoginPage = lazyPage(() => import("./components/login-page"), "LoginPage");
export const SignupPage = lazyPage(() => import("./components/signup-page"), "SignupPage");
export const ForgotPasswordPage = lazyPage(
  () => import("./components/forgot-password-page"),
  "ForgotPasswordPage",
);
