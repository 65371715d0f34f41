// The legal feature: the Terms of Service and the Privacy Policy, each loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const PrivacyPage = lazyPage(() => import("./privacy-page"), "PrivacyPage");
export const TermsPage = lazyPage(() => import("./terms-page"), "TermsPage");
