import { Link, NavLink } from "react-router";
import { ThemeToggle } from "../../components/theme-toggle";
import { useAuth } from "../../features/auth";
import { NotificationBell } from "../../features/notifications";
import { HeaderSearch } from "./header-search";
import { MobileMenu } from "./mobile-menu";
import { PUBLIC_NAV, SIGNED_IN_NAV } from "./nav-items";
import { UserMenu } from "./user-menu";

/** The sticky header (docs/product.md#routes-and-layout). */
export function SiteHeader() {
  const { currentUser, signedInHint } = useAuth();
  const navItems = currentUser ? [...PUBLIC_NAV, ...SIGNED_IN_NAV] : PUBLIC_NAV;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true" />
          Storyloom
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink className="site-nav__link" to={item.to}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <HeaderSearch />
          <ThemeToggle />
          {currentUser && <NotificationBell />}
          {/* Its place is kept whoever arrives, so nothing moves when the identity does
              (docs/decisions/021-lean-client-first-render.md). */}
          <div className="site-header__account">
            {currentUser ? (
              <UserMenu />
            ) : signedInHint ? (
              <span className="user-menu__placeholder" aria-hidden="true" />
            ) : (
              <div className="visitor-links">
                <Link className="button button--ghost" to="/login">
                  Sign in
                </Link>
                <Link className="button button--primary" to="/signup">
                  Sign up
                </Link>
              </div>
            )}
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
