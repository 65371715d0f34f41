import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page";

export function TagPage() {
  const { tagName = "" } = useParams();
  return (
    <PlaceholderPage
      title={`Tag: ${tagName}`}
      description={`The public stories tagged "${tagName}" are coming soon.`}
    />
  );
}
