// The home feature: the home page, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const HomePage = lazyPage(() => import("./home-page"), "HomePage");
