// The account feature: the signed-in person's own pages, each loaded with its route.
import { lazyPage } from "../../lib/lazy-page";
import { withApollo } from "../../lib/with-apollo";

export const MyProfilePage = lazyPage(() => import("./my-profile-page"), "MyProfilePage");
export const MySubscriptionsPage = lazyPage(
  () => import("./my-subscriptions-page"),
  "MySubscriptionsPage",
);
// /my/purchases is the purchases feature's page (docs/product.md#purchases-and-premium).
export { MyPurchasesPage } from "../purchases";
export const SettingsPage = lazyPage(() => import("./settings-page"), "SettingsPage");
// Renders nothing until Apollo Client has loaded (docs/decisions/038-first-views-without-apollo.md).
export const AccountPreferencesSync = withApollo(() =>
  import("./preferences-sync").then((module) => module.AccountPreferencesSync),
);
