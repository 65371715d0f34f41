// The web app's routes (client/src/app/routes.tsx), as the bff needs them to answer an address no
// route takes with 404 rather than 200 (a "soft 404" for search engines, the probe of issue 27).
// A client test checks this list against the router's, so the two cannot drift.

/** Every route of the web app, in react-router's notation (":name" is one path segment). */
export const APP_ROUTE_PATTERNS = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/stories/:storyId",
  "/privacy",
  "/terms",
  "/explore",
  "/categories",
  "/categories/:categoryId",
  "/tags/:tagName",
  "/profile/:username",
  "/my/profile",
  "/my/stories",
  "/stories/new",
  "/my/bookmarks",
  "/my/subscriptions",
  "/my/purchases",
  "/my/offline",
  "/my/library",
  "/notifications",
  "/checkout/test/:sessionId",
  "/settings",
  "/admin",
  "/watch/:token",
] as const;

const matchers = APP_ROUTE_PATTERNS.map((pattern) => {
  const segments = pattern.split("/").filter(Boolean);
  return (parts: string[]) =>
    parts.length === segments.length &&
    segments.every((segment, index) => segment.startsWith(":") || segment === parts[index]);
});

/**
 * Whether the web app has a screen for `pathname` (without query), as react-router matches it:
 * case-insensitive, a trailing slash allowed, a ":name" segment any non-empty one.
 */
export function isAppPath(pathname: string): boolean {
  const parts = pathname.toLowerCase().split("/").filter(Boolean);
  if (
    pathname
      .split("/")
      .slice(1, -1)
      .some((part) => part === "")
  )
    return false;
  return matchers.some((matches) => matches(parts));
}
