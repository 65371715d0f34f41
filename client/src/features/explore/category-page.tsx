import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page";

export function CategoryPage() {
  const { categoryId = "" } = useParams();
  return (
    <PlaceholderPage
      title="Category"
      description={`The public stories in category "${categoryId}" are coming soon.`}
    />
  );
}
