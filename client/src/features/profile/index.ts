// The profile feature: a person's public page, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const PublicProfilePage = lazyPage(
  () => import("./public-profile-page"),
  "PublicProfilePage",
);
