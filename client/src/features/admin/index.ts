// The moderation feature: the queues page (loaded with its route) and the user menu's entry.
import { lazyPage } from "../../lib/lazy-page";

export { ModerationMenuItem } from "./moderation-menu-item";
export const AdminPage = lazyPage(() => import("./admin-page"), "AdminPage");
