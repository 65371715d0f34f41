// The words of /settings (docs/product.md#settings).
export const SETTINGS_MESSAGES = {
  loadFailed: "Could not load your settings.",
  profileSaved: "Profile saved.",
  profileFailed: "Could not save your profile.",
  usernameTaken: "That username is taken.",
  preferencesFailed: "Could not save your reading preferences.",
  consentFailed: "Could not record your answer.",
  deleteTitle: "Delete your account?",
  deleteDescription:
    "Your stories (public and private) with their pictures and discussions, your bookmarks and your subscriptions will be deleted, and so will your sign-in account. Your comments on other writers' stories stay, shown as Anonymous. This cannot be undone.",
  deleteFailed: "Could not delete your account. Please try again.",
} as const;
