// The profile feature: a person's public page, loaded with its route, and their avatar.
import { lazyPage } from "../../lib/lazy-page";

export { ProfileAvatar } from "./profile-avatar";
export const PublicProfilePage = lazyPage(
  () => import("./public-profile-page"),
  "PublicProfilePage",
);
