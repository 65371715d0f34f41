import { screen, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { DeleteAccountMutation, SettingsQuery, UpdateProfileMutation } from "./settings-page";
import { SETTINGS_MESSAGES } from "./settings-messages";
import { UpdatePreferencesMutation } from "./preferences-mutation";

const viewer = {
  __typename: "Viewer" as const,
  id: "User:1",
  username: "quill_reader",
  displayName: "Quill",
  avatarUrl: null,
  bio: null,
  theme: null,
  readerFont: null,
  ageVerifiedAt: null,
  termsAcceptedAt: "2026-01-02T10:00:00Z",
  privacyPolicyAcceptedAt: "2026-01-02T10:00:00Z",
};
const settingsMock = { request: { query: SettingsQuery }, result: { data: { viewer } } };

describe("Settings", () => {
  it("saves the profile and says when the username is taken", async () => {
    const input = { username: "taken_name", displayName: "Quill", avatarUrl: null, bio: "" };
    const { user } = renderRoute("/settings", {
      auth: { currentUser: signedInUser },
      mocks: [
        settingsMock,
        {
          request: { query: UpdateProfileMutation, variables: { input } },
          result: {
            errors: [
              new GraphQLError("That username is taken.", { extensions: { code: "CONFLICT" } }),
            ],
          },
        },
        {
          request: {
            query: UpdateProfileMutation,
            variables: { input: { ...input, username: "quill_two" } },
          },
          result: {
            data: {
              updateProfile: { ...viewer, username: "quill_two", bio: null },
            },
          },
        },
      ],
    });
    const username = await screen.findByLabelText(/^Username/);
    await user.clear(username);
    await user.type(username, "taken_name");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    // The profile form's own alert (the notifications section, unmocked here, may show its own).
    expect(await screen.findByText("That username is taken.")).toHaveAttribute("role", "alert");
    await user.clear(username);
    await user.type(username, "quill_two");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Profile saved.");
  });

  it("keeps the theme with the account and applies it here at once", async () => {
    const { user } = renderRoute("/settings", {
      auth: { currentUser: signedInUser },
      mocks: [
        settingsMock,
        {
          request: { query: UpdatePreferencesMutation, variables: { input: { theme: "DARK" } } },
          result: {
            data: {
              updatePreferences: {
                __typename: "Viewer",
                id: "User:1",
                theme: "DARK",
                readerFont: null,
              },
            },
          },
        },
      ],
    });
    await user.selectOptions(await screen.findByLabelText("Theme"), "dark");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(localStorage.getItem("storyloom.theme")).toBe("dark");
    await vi.waitFor(() => expect(screen.getByLabelText("Theme")).toHaveValue("dark"));
  });

  it("has one theme setting: the header's toggle changes Settings' Theme and keeps it with the account", async () => {
    const { user } = renderRoute("/settings", {
      auth: { currentUser: signedInUser },
      mocks: [
        settingsMock,
        {
          request: { query: UpdatePreferencesMutation, variables: { input: { theme: "DARK" } } },
          result: {
            data: {
              updatePreferences: {
                __typename: "Viewer",
                id: "User:1",
                theme: "DARK",
                readerFont: null,
              },
            },
          },
        },
      ],
    });
    const theme = await screen.findByLabelText("Theme");
    expect(theme).toHaveValue("system");
    await user.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Theme")).toHaveValue("dark"));
    expect(localStorage.getItem("storyloom.theme")).toBe("dark");
  });

  it("says a consent not given yet is Pending, and one given when it was accepted", async () => {
    renderRoute("/settings", { auth: { currentUser: signedInUser }, mocks: [settingsMock] });
    const consents = within(await screen.findByRole("region", { name: "Consents" }));
    const age = consents.getByText("Age").closest("div")!;
    expect(age).toHaveTextContent("Pending");
    expect(
      within(age as HTMLElement).getByRole("button", { name: "I confirm I am of age" }),
    ).toBeVisible();
    const terms = consents.getByText("Terms of Service", { selector: "dt" }).closest("div")!;
    expect(terms).toHaveTextContent(/Accepted .*2026/);
    expect(consents.queryByText(/accepted$/)).toBeNull();
  });

  it("names what deleting the account does, then deletes it and signs out", async () => {
    const logOut = vi.fn(async () => {});
    const { user, router } = renderRoute("/settings", {
      auth: { currentUser: signedInUser, logOut },
      mocks: [
        settingsMock,
        {
          request: { query: DeleteAccountMutation },
          result: {
            data: { deleteAccount: { __typename: "DeleteAccountPayload", deleted: true } },
          },
        },
      ],
    });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("dialog", { name: "Delete your account?" });
    expect(dialog).toHaveTextContent(SETTINGS_MESSAGES.deleteDescription);
    expect(SETTINGS_MESSAGES.deleteDescription).toContain("stories");
    expect(SETTINGS_MESSAGES.deleteDescription).toContain("comments");
    expect(SETTINGS_MESSAGES.deleteDescription).toContain("bookmarks");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await vi.waitFor(() => expect(logOut).toHaveBeenCalled());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});
