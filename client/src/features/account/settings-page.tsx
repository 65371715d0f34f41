import { PlaceholderPage } from "../../components/placeholder-page";

export function SettingsPage() {
  return (
    <PlaceholderPage
      title="Settings"
      description="Your profile, reading and account settings, including deleting your account, will be managed here."
    />
  );
}
