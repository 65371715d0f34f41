import { PlaceholderPage } from "../../components/placeholder-page";

export function MyPurchasesPage() {
  return (
    <PlaceholderPage
      title="My Purchases"
      description="The stories you have bought will be listed here."
    />
  );
}
