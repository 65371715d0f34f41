// The generation feature's public surface: the form (also in the home page's panel, for signed-in
// readers only, so it loads when it is shown) and the new-story page, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const GenerationForm = lazyPage(() => import("./generation-form"), "GenerationForm");
export const NewStoryPage = lazyPage(() => import("./new-story-page"), "NewStoryPage");
// The viewer's AI allowance line ("N of M left today"), also in the studio's rewrite panel.
