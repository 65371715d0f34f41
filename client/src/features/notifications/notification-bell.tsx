import { useSubscription } from "@apollo/client/react";
import { Link } from "react-router";
import { UnreadNotificationCountSubscription } from "./notification-queries";
import "./notifications.css";

/**
 * The bell in the header: a link to the inbox with the unread count, live while the page is open
 * (docs/product.md#notifications). Signed-in readers only.
 */
export function NotificationBell() {
  const { data } = useSubscription(UnreadNotificationCountSubscription);
  const count = data?.unreadNotificationCount ?? 0;
  const label = count === 0 ? "Notifications" : `Notifications, ${count} unread`;
  return (
    <Link
      className="notification-bell"
      to="/notifications"
      aria-label={label}
      title="Notifications"
    >
      <svg
        className="notification-bell__icon"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Zm0 19a3 3 0 0 0 2.8-2H9.2A3 3 0 0 0 12 22Z"
          fill="currentColor"
        />
      </svg>
      {count > 0 && (
        <span className="notification-bell__count" data-testid="unread-count">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
