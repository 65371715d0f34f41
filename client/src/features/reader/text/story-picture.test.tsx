import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext } from "../../auth";
import { fakeAuthContext } from "../../../testing/fake-auth";
import { StoryPicture } from "./story-picture";

afterEach(() => vi.unstubAllGlobals());

function renderPicture(token: string | null) {
  const auth = fakeAuthContext({ getIdToken: vi.fn(async () => token) });
  render(
    <AuthContext value={auth}>
      <StoryPicture src="/media/abc" alt="Cover art" />
    </AuthContext>,
  );
  return screen.getByRole("img", { name: "Cover art" });
}

describe("a story picture", () => {
  it("loads as a plain image first", () => {
    expect(renderPicture("token-1")).toHaveAttribute("src", "/media/abc");
  });

  it("is fetched again with the owner's token when the plain load is refused", async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(["<svg/>"]), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:picture", revokeObjectURL: () => {} }),
    );
    const img = renderPicture("token-1");
    fireEvent.error(img);
    await waitFor(() => expect(img).toHaveAttribute("src", "blob:picture"));
    expect(fetchMock).toHaveBeenCalledWith("/media/abc", {
      headers: { authorization: "Bearer token-1" },
    });
  });

  it("stays as it is for a visitor", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const img = renderPicture(null);
    fireEvent.error(img);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(img).toHaveAttribute("src", "/media/abc");
  });
});
