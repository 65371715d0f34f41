export interface NavItem {
  to: string;
  label: string;
}

/** The header navigation; Generate Story only when signed in. */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: "/explore", label: "Explore" },
  { to: "/categories", label: "Categories" },
];

export const SIGNED_IN_NAV: readonly NavItem[] = [{ to: "/stories/new", label: "Generate Story" }];

/** The user menu's entries (Sign out is a button after them). */
export const ACCOUNT_NAV: readonly NavItem[] = [
  { to: "/my/profile", label: "My Profile" },
  { to: "/my/stories", label: "My Stories" },
  { to: "/my/bookmarks", label: "My Bookmarks" },
  { to: "/my/library", label: "My Library" },
  { to: "/my/subscriptions", label: "My Subscriptions" },
  { to: "/my/purchases", label: "My Purchases" },
  { to: "/my/offline", label: "Saved Offline" },
  { to: "/settings", label: "Settings" },
];
