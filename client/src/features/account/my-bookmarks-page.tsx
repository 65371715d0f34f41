import { PlaceholderPage } from "../../components/placeholder-page";

export function MyBookmarksPage() {
  return (
    <PlaceholderPage
      title="My Bookmarks"
      description="The stories you bookmark while reading will be listed here."
    />
  );
}
