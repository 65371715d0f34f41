import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page";

export function PublicProfilePage() {
  const { username = "" } = useParams();
  return (
    <PlaceholderPage
      title={username}
      description={`${username}'s public profile and published stories are coming soon.`}
    />
  );
}
