import { Suspense } from "react";
import { Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { FullPageLoading } from "../components/loading";
import { CategoriesPage, CategoryPage, ExplorePage, TagPage } from "../features/explore";
import {
  MyProfilePage,
  MyPurchasesPage,
  MySubscriptionsPage,
  SettingsPage,
} from "../features/account";
import { AdminPage } from "../features/admin";
import {
  ForgotPasswordPage,
  LoginPage,
  RedirectIfSignedIn,
  RequireAuth,
  SignupPage,
} from "../features/auth";
import { MyBookmarksPage } from "../features/bookmarks";
import { LibraryPage } from "../features/library";
import { NotificationsPage } from "../features/notifications";
import { NewStoryPage } from "../features/generation";
import { HomePage } from "../features/home";
import { PrivacyPage, TermsPage } from "../features/legal";
import { OfflinePage } from "../features/offline";
import { PublicProfilePage } from "../features/profile";
import { TestCheckoutPage } from "../features/purchases";
import { StoryPage } from "../features/reader";
import { MyStoriesPage } from "../features/stories";
import { WatchPage } from "../features/watch";
import { lazyPage } from "../lib/lazy-page";
import { AppLayout, type LayoutHandle } from "./layout/app-layout";
import { RouteErrorPage } from "./routes/route-error-page";

// Route-level code splitting: each feature exports its pages lazily, so each page is its own
// chunk, loaded when first visited.
const NotFoundPage = lazyPage(() => import("./routes/not-found-page"), "NotFoundPage");

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

/** The screens and their routes (docs/product.md#routes-and-layout). */
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
          { path: "watch/:token", element: <WatchPage /> },
          {
            // Login-required routes.
            element: <RequireAuth />,
            children: [
              { path: "my/profile", element: <MyProfilePage /> },
              { path: "my/stories", element: <MyStoriesPage /> },
              { path: "stories/new", element: <NewStoryPage /> },
              { path: "my/bookmarks", element: <MyBookmarksPage /> },
              { path: "my/library", element: <LibraryPage /> },
              { path: "my/subscriptions", element: <MySubscriptionsPage /> },
              { path: "my/purchases", element: <MyPurchasesPage /> },
              { path: "my/offline", element: <OfflinePage /> },
              { path: "notifications", element: <NotificationsPage /> },
              // The local provider's checkout (docs/decisions/031-payments.md).
              { path: "checkout/test/:sessionId", element: <TestCheckoutPage /> },
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
