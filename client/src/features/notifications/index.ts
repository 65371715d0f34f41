// Notifications (docs/product.md#notifications): the header's bell, the inbox page and the
// Settings section, each loaded when first needed.
import { lazyPage } from "../../lib/lazy-page";
import { withApollo } from "../../lib/with-apollo";

export const NotificationsPage = lazyPage(
  () => import("./notifications-page"),
  "NotificationsPage",
);
// Renders nothing until Apollo Client has loaded (docs/decisions/038-first-views-without-apollo.md).
export const NotificationBell = withApollo(() =>
  import("./notification-bell").then((module) => module.NotificationBell),
);
export const NotificationSettingsSection = withApollo(() =>
  import("./notification-settings-section").then((module) => module.NotificationSettingsSection),
);
