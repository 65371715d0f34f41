import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderStandalone } from "../../testing/render-standalone";
import {
  NotificationPreferencesQuery,
  SetNotificationPreferencesMutation,
} from "./notification-queries";
import { NotificationSettingsSection } from "./notification-settings-section";

const KINDS = [
  "NEW_STORY",
  "NEW_CHAPTER",
  "COMMENT_REPLY",
  "STORY_NOTE",
  "STORY_PURCHASE",
  "MODERATION_OUTCOME",
] as const;

const preferences = (emailOn: readonly string[]) =>
  KINDS.flatMap((kind) =>
    (["INBOX", "PUSH", "EMAIL"] as const).map((channel) => ({
      __typename: "NotificationPreference" as const,
      kind,
      channel,
      enabled: channel === "INBOX" || (channel === "EMAIL" && emailOn.includes(kind)),
    })),
  );

describe("Settings → Notifications", () => {
  it("turns the e-mail digest on for one kind and shows it on", async () => {
    let saved = false;
    const { user } = renderStandalone(<NotificationSettingsSection />, {
      entry: "/settings",
      mocks: [
        {
          request: { query: NotificationPreferencesQuery },
          result: { data: { notificationPreferences: preferences([]) } },
        },
        {
          request: {
            query: SetNotificationPreferencesMutation,
            variables: {
              preferences: [{ kind: "COMMENT_REPLY", channel: "EMAIL", enabled: true }],
            },
          },
          result: () => {
            saved = true;
            return { data: { setNotificationPreferences: preferences(["COMMENT_REPLY"]) } };
          },
        },
        {
          request: { query: NotificationPreferencesQuery },
          result: { data: { notificationPreferences: preferences(["COMMENT_REPLY"]) } },
        },
      ],
    });
    const email = await screen.findByRole("checkbox", {
      name: "Replies to your comments: E-mail",
    });
    expect(email).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Replies to your comments: Inbox" })).toBeChecked();
    expect(screen.getByRole("columnheader", { name: "E-mail" })).toBeInTheDocument();
    expect(screen.getByText(/E-mail is off until you turn it on/)).toBeInTheDocument();

    await user.click(email);
    await expect.poll(() => saved).toBe(true);
    expect(
      await screen.findByRole("checkbox", {
        name: "Replies to your comments: E-mail",
        checked: true,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("checkbox", { name: "Notes on your stories: E-mail" }),
    ).not.toBeChecked();
  });
});
