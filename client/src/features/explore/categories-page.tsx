import { PlaceholderPage } from "../../components/placeholder-page";

export function CategoriesPage() {
  return (
    <PlaceholderPage
      title="Categories"
      description="All story categories, each with the public stories filed under it, are coming soon."
    />
  );
}
