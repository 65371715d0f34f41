import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { MyProfileQuery } from "./my-profile-page";

const viewer = {
  __typename: "Viewer" as const,
  id: "User:1",
  username: "quill_reader",
  email: "reader@example.com",
  displayName: "Quill",
  avatarUrl: null,
  bio: "Reads by candlelight.",
  isPremium: true,
  createdAt: "2026-01-02T10:00:00Z",
  termsAcceptedAt: "2026-01-02T10:00:00Z",
  privacyPolicyAcceptedAt: "2026-01-02T10:00:00Z",
};

describe("My Profile page", () => {
  it("shows what others see, the account's details, and links to edit and to the public profile", async () => {
    renderRoute("/my/profile", {
      auth: { currentUser: signedInUser },
      mocks: [{ request: { query: MyProfileQuery }, result: { data: { viewer } } }],
    });
    const main = screen.getByRole("main");
    expect(await within(main).findByText("reader@example.com")).toBeInTheDocument();
    expect(within(main).getByText("@quill_reader")).toBeInTheDocument();
    expect(within(main).getByRole("heading", { level: 2, name: "Quill" })).toBeInTheDocument();
    expect(within(main).getByText("Reads by candlelight.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "My Profile" })).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Edit profile" })).toHaveAttribute(
      "href",
      "/settings",
    );
    expect(within(main).getByRole("link", { name: "See your public profile" })).toHaveAttribute(
      "href",
      "/profile/quill_reader",
    );
  });

  it("says the profile could not be loaded when the query fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderRoute("/my/profile", {
      auth: { currentUser: signedInUser },
      mocks: [{ request: { query: MyProfileQuery }, error: new Error("network down") }],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load your user profile.");
  });
});
