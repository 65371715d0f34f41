import type { ReactNode } from "react";
import { Link } from "react-router";
import "./auth-pages.css";

interface AuthPageLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of /login, /signup and /forgot-password, which sit outside the main layout. */
export function AuthPageLayout({ title, subtitle, children, footer }: AuthPageLayoutProps) {
  return (
    <div className="auth-page">
      <Link to="/" className="auth-page__brand">
        Storyloom
      </Link>
      <main className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children}
        <div className="auth-card__footer">{footer}</div>
      </main>
    </div>
  );
}
