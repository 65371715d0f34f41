import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { signInPage } from "../lib/return-path";

/** A link to /login that brings the visitor back to this page once signed in. */
export function SignInLink({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Link to={signInPage("/login", pathname)}>{children}</Link>;
}
