// The moderation feature: the queues page (loaded with its route) and the user menu's entry.
import { lazyPage } from "../../lib/lazy-page";
import { withApollo } from "../../lib/with-apollo";

// Renders nothing until Apollo Client has loaded (docs/decisions/038-first-views-without-apollo.md).
export const ModerationMenuItem = withApollo(() =>
  import("./moderation-menu-item").then((module) => module.ModerationMenuItem),
);
export const AdminPage = lazyPage(() => import("./admin-page"), "AdminPage");
