import { useMutation, useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { formatDate } from "../../lib/format-date";
import { useDocumentTitle } from "../../lib/use-document-title";
import {
  MarkAllNotificationsReadMutation,
  MarkNotificationReadMutation,
  NotificationsQuery,
} from "./notification-queries";
import { NOTIFICATION_MESSAGES, notificationText } from "./notification-words";
import "./notifications.css";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** /notifications: the viewer's inbox, newest first, each item a link to its story. */
export function NotificationsPage() {
  useDocumentTitle("Notifications");
  const { data, loading, error, fetchMore, refetch } = useQuery(NotificationsQuery, {
    variables: { first: NOTIFICATIONS_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const [markRead] = useMutation(MarkNotificationReadMutation);
  const [markAll, markingAll] = useMutation(MarkAllNotificationsReadMutation);
  const items = data?.notifications.edges.map((edge) => edge.node) ?? [];
  const refresh = () => void refetch();

  let body;
  if (loading && !data) body = <PageLoading />;
  else if (error && !data) body = <Alert tone="error">{NOTIFICATION_MESSAGES.loadFailed}</Alert>;
  else if (items.length === 0)
    body = <p className="notifications__empty">{NOTIFICATION_MESSAGES.empty}</p>;
  else {
    body = (
      <ul className="notifications__list" aria-label="Your notifications">
        {items.map((item) => {
          const text = notificationText(item);
          const open = () => {
            if (!item.read) void markRead({ variables: { id: item.id } }).then(refresh);
          };
          return (
            <li
              key={item.id}
              className={item.read ? "notification" : "notification notification--unread"}
            >
              {item.storyPublicId ? (
                <Link
                  className="notification__link"
                  to={`/stories/${item.storyPublicId}`}
                  onClick={open}
                >
                  {text}
                </Link>
              ) : (
                <span className="notification__link">{text}</span>
              )}
              <span className="notification__meta muted">{formatDate(item.updatedAt)}</span>
              {!item.read && (
                <button
                  type="button"
                  className="button button--ghost notification__read"
                  onClick={open}
                >
                  {NOTIFICATION_MESSAGES.markRead}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="page notifications">
      <header className="notifications__header">
        <h1>Notifications</h1>
        {(data?.unreadNotificationCount ?? 0) > 0 && (
          <button
            type="button"
            className="button button--secondary"
            disabled={markingAll.loading}
            onClick={() => void markAll().then(refresh)}
          >
            {NOTIFICATION_MESSAGES.markAll}
          </button>
        )}
      </header>
      {body}
      {data?.notifications.pageInfo.hasNextPage && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            void fetchMore({ variables: { after: data.notifications.pageInfo.endCursor } })
          }
        >
          {NOTIFICATION_MESSAGES.loadMore}
        </button>
      )}
    </section>
  );
}
