import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { signInPage } from "../lib/return-path";

/** A link to /login that brings the visitor back to this page once signed in. */
export function SignInLink({ children, className }: { children: ReactNode; className?: string }) {
  const { pathname } = useLocation();
  return (
    <Link className={className} to={signInPage("/login", pathname)}>
      {children}
    </Link>
  );
}
