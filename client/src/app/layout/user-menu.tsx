import type { FocusEvent } from "react";
import { Link } from "react-router";
import { ModerationMenuItem } from "../../features/admin";
import { useAuth, type AuthUser } from "../../features/auth";
import { useDisclosure } from "../../lib/use-disclosure";
import { ACCOUNT_NAV } from "./nav-items";
import { SignOutItem } from "./sign-out-item";

function initialOf(user: AuthUser): string {
  const source = user.displayName ?? user.email ?? "?";
  return source.trim().charAt(0).toUpperCase() || "?";
}

/**
 * The signed-in user's menu. A disclosure (button + list of links): Tab walks the entries, Escape
 * closes and returns focus to the button, a click outside or leaving it closes.
 */
export function UserMenu() {
  const { currentUser } = useAuth();
  const { open, close, toggle, containerRef, buttonRef, panelId } = useDisclosure();

  if (currentUser === null) return null;

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) close();
  }

  return (
    <div className="user-menu" ref={containerRef} onBlur={handleBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-label="User menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span className="avatar" aria-hidden="true">
          {initialOf(currentUser)}
        </span>
        <span className="user-menu__chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <div className="user-menu__identity">
          <span className="user-menu__signed-in-as">Signed in as</span>
          <span className="user-menu__email">{currentUser.displayName ?? currentUser.email}</span>
        </div>
        <ul className="user-menu__list">
          {ACCOUNT_NAV.map((item) => (
            <li key={item.to}>
              <Link className="user-menu__item" to={item.to} onClick={close}>
                {item.label}
              </Link>
            </li>
          ))}
          <ModerationMenuItem active={open} className="user-menu__item" onNavigate={close} />
          <li className="user-menu__separator" role="presentation" />
          <SignOutItem className="user-menu__item" close={close} />
        </ul>
      </div>
    </div>
  );
}
