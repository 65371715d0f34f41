// The generation feature's public surface: the form (also in the home page's panel) and the
// new-story page, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export { GenerationForm } from "./generation-form";
export const NewStoryPage = lazyPage(() => import("./new-story-page"), "NewStoryPage");
