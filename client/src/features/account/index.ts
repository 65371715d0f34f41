// The account feature: the signed-in person's own pages, each loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const MyProfilePage = lazyPage(() => import("./my-profile-page"), "MyProfilePage");
export const MySubscriptionsPage = lazyPage(
  () => import("./my-subscriptions-page"),
  "MySubscriptionsPage",
);
export const MyPurchasesPage = lazyPage(
  () => import("../purchases/my-purchases-page"),
  "MyPurchasesPage",
);
export const SettingsPage = lazyPage(() => import("./settings-page"), "SettingsPage");
export { AccountPreferencesSync } from "./preferences-sync";
