import { PlaceholderPage } from "../../components/placeholder-page";

export function MySubscriptionsPage() {
  return (
    <PlaceholderPage
      title="My Subscriptions"
      description="The authors you subscribe to, and their latest stories, will be listed here."
    />
  );
}
