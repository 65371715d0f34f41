import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { FullPageLoading } from "../components/loading";
import { RedirectIfSignedIn, RequireAuth } from "../features/auth";
import { AppLayout, type LayoutHandle } from "./layout/app-layout";
import { RouteErrorPage } from "./routes/route-error-page";

// Route-level code splitting: each page is its own chunk, loaded when first visited.
const LoginPage = lazy(() =>
  import("../features/auth/components/login-page").then((m) => ({ default: m.LoginPage })),
);
const SignupPage = lazy(() =>
  import("../features/auth/components/signup-page").then((m) => ({ default: m.SignupPage })),
);
const ForgotPasswordPage = lazy(() =>
  import("../features/auth/components/forgot-password-page").then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const HomePage = lazy(() =>
  import("../features/home/home-page").then((m) => ({ default: m.HomePage })),
);
const StoryPage = lazy(() =>
  import("../features/reader/story-page").then((m) => ({ default: m.StoryPage })),
);
const TermsPage = lazy(() =>
  import("../features/legal/terms-page").then((m) => ({ default: m.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import("../features/legal/privacy-page").then((m) => ({ default: m.PrivacyPage })),
);
const ExplorePage = lazy(() =>
  import("../features/explore/explore-page").then((m) => ({ default: m.ExplorePage })),
);
const CategoriesPage = lazy(() =>
  import("../features/explore/categories-page").then((m) => ({ default: m.CategoriesPage })),
);
const CategoryPage = lazy(() =>
  import("../features/explore/category-page").then((m) => ({ default: m.CategoryPage })),
);
const TagPage = lazy(() =>
  import("../features/explore/tag-page").then((m) => ({ default: m.TagPage })),
);
const PublicProfilePage = lazy(() =>
  import("../features/profile/public-profile-page").then((m) => ({
    default: m.PublicProfilePage,
  })),
);
const MyProfilePage = lazy(() =>
  import("../features/account/my-profile-page").then((m) => ({ default: m.MyProfilePage })),
);
const MyBookmarksPage = lazy(() =>
  import("../features/bookmarks/my-bookmarks-page").then((m) => ({ default: m.MyBookmarksPage })),
);
const MySubscriptionsPage = lazy(() =>
  import("../features/account/my-subscriptions-page").then((m) => ({
    default: m.MySubscriptionsPage,
  })),
);
const MyPurchasesPage = lazy(() =>
  import("../features/account/my-purchases-page").then((m) => ({ default: m.MyPurchasesPage })),
);
const SettingsPage = lazy(() =>
  import("../features/account/settings-page").then((m) => ({ default: m.SettingsPage })),
);
const MyStoriesPage = lazy(() =>
  import("../features/stories/my-stories-page").then((m) => ({ default: m.MyStoriesPage })),
);
const NewStoryPage = lazy(() =>
  import("../features/generation/new-story-page").then((m) => ({ default: m.NewStoryPage })),
);
const AdminPage = lazy(() =>
  import("../features/admin/admin-page").then((m) => ({ default: m.AdminPage })),
);
const NotFoundPage = lazy(() =>
  import("./routes/not-found-page").then((m) => ({ default: m.NotFoundPage })),
);

function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

const storyPageHandle: LayoutHandle = { storyPage: true };

/** Spec §2 Screens and routes. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      // Outside the main layout.
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: "login", element: <LoginPage /> },
          { path: "signup", element: <SignupPage /> },
        ],
      },
      { path: "forgot-password", element: <ForgotPasswordPage /> },

      // Inside the main layout.
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "stories/:storyId", element: <StoryPage />, handle: storyPageHandle },
          { path: "privacy", element: <PrivacyPage /> },
          { path: "terms", element: <TermsPage /> },
          { path: "explore", element: <ExplorePage /> },
          { path: "categories", element: <CategoriesPage /> },
          { path: "categories/:categoryId", element: <CategoryPage /> },
          { path: "tags/:tagName", element: <TagPage /> },
          { path: "profile/:username", element: <PublicProfilePage /> },
          {
            // Login-required routes.
            element: <RequireAuth />,
            children: [
              { path: "my/profile", element: <MyProfilePage /> },
              { path: "my/stories", element: <MyStoriesPage /> },
              { path: "stories/new", element: <NewStoryPage /> },
              { path: "my/bookmarks", element: <MyBookmarksPage /> },
              { path: "my/subscriptions", element: <MySubscriptionsPage /> },
              { path: "my/purchases", element: <MyPurchasesPage /> },
              { path: "settings", element: <SettingsPage /> },
              // Moderators and admins; the page tells anyone else they are not allowed.
              { path: "admin", element: <AdminPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
