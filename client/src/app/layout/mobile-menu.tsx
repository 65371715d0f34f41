import { NavLink } from "react-router";
import { keepTabInside } from "../../components/modal";
import { ModerationMenuItem } from "../../features/admin";
import { useAuth } from "../../features/auth";
import { useDisclosure } from "../../lib/use-disclosure";
import { ACCOUNT_NAV, PUBLIC_NAV, SIGNED_IN_NAV } from "./nav-items";
import { SignOutItem } from "./sign-out-item";

/**
 * Below 960 px the header's links and the account's move into this menu (from 768 px the account
 * keeps its place in the header too). While it
 * is open, Tab and Shift+Tab go round its button and entries, and Escape closes it and gives focus
 * back to the button (issue 29 row 9).
 */
export function MobileMenu() {
  const { currentUser } = useAuth();
  const { open, close, toggle, containerRef, buttonRef, panelId } = useDisclosure();

  const mainItems = currentUser ? [...PUBLIC_NAV, ...SIGNED_IN_NAV] : PUBLIC_NAV;

  return (
    <div
      className="mobile-menu"
      ref={containerRef}
      onKeyDown={open ? (event) => keepTabInside(event, containerRef.current) : undefined}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-button mobile-menu__button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span className="mobile-menu__bars" aria-hidden="true" data-open={open} />
      </button>
      {open ? (
        <nav id={panelId} className="mobile-menu__panel" aria-label="Mobile">
          <ul className="mobile-menu__list">
            {mainItems.map((item) => (
              <li key={item.to}>
                <NavLink className="mobile-menu__item" to={item.to} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="mobile-menu__list mobile-menu__list--account">
            {currentUser ? (
              <>
                {ACCOUNT_NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink className="mobile-menu__item" to={item.to} onClick={close}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <ModerationMenuItem
                  active={open}
                  className="mobile-menu__item"
                  onNavigate={close}
                />
                <SignOutItem className="mobile-menu__item" close={close} />
              </>
            ) : (
              <>
                <li>
                  <NavLink className="mobile-menu__item" to="/login" onClick={close}>
                    Sign in
                  </NavLink>
                </li>
                <li>
                  <NavLink className="mobile-menu__item" to="/signup" onClick={close}>
                    Sign up
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
