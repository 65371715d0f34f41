// Where a visitor sent to sign in comes back to: `/login?next=%2Fstories%2Fabc` (docs/product.md,
// "Sign-in"); the sign-in pages' links to each other keep it. Only a plain path of this site is taken, so a link cannot send anyone elsewhere.

const RETURN_PARAM = "next";

/** The sign-in pages themselves: coming back to one of them would be a loop. */
const SIGN_IN_PAGES = ["/login", "/signup", "/forgot-password"];

/** A path of this site: one leading slash, then letters, digits and `-_./~` only. */
const SITE_PATH = /^\/(?!\/)[\w\-./~]*$/;

function usable(path: string | null): string | null {
  if (path === null || path === "/" || !SITE_PATH.test(path)) return null;
  if (SIGN_IN_PAGES.some((page) => path === page || path.startsWith(`${page}/`))) return null;
  return path;
}

/** The path a `/login` or `/signup` URL's search asks to come back to, or null if none is usable. */
export function returnPathOf(search: string): string | null {
  return usable(new URLSearchParams(search).get(RETURN_PARAM));
}

/** A sign-in page, asking to come back to `returnTo` (when it is usable) once signed in. */
export function signInPage(
  page: "/login" | "/signup" | "/forgot-password",
  returnTo: string | null,
): string {
  const path = usable(returnTo);
  return path === null ? page : `${page}?${new URLSearchParams({ [RETURN_PARAM]: path })}`;
}
