import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext } from "../../auth";
import { fakeAuthContext } from "../../../testing/fake-auth";
import { EpubDownload } from "./epub-download";

// The fetch stands in for the bff here; the browser test (e2e/tests/epub-download.spec.ts) runs
// the real one and checks the book with EPUBCheck.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDownload(token: string | null, withDiscussion = true) {
  const auth = fakeAuthContext({ getIdToken: vi.fn(async () => token) });
  render(
    <AuthContext value={auth}>
      <EpubDownload publicId="abc123" withDiscussion={withDiscussion} />
    </AuthContext>,
  );
}

function stubBook(status = 200) {
  const fetchMock = vi.fn(
    async () =>
      new Response(new Blob(["PK"]), {
        status,
        headers: {
          "content-disposition": `attachment; filename="La-mer.epub"; filename*=UTF-8''La-m%C3%A8re.epub`,
        },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  const saved: string[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => "blob:book", revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { fetchMock, saved };
}

describe("Download EPUB", () => {
  it("fetches the book with the reader's token and the discussion when ticked, saved under the server's name", async () => {
    const { fetchMock, saved } = stubBook();
    renderDownload("token-1");
    fireEvent.click(screen.getByRole("checkbox", { name: "Include the discussion" }));
    fireEvent.click(screen.getByRole("button", { name: "Download EPUB" }));
    await waitFor(() => expect(saved).toEqual(["La-mère.epub"]));
    expect(fetchMock).toHaveBeenCalledWith("/epub/abc123?discussion=true", {
      headers: { authorization: "Bearer token-1" },
    });
  });

  it("a visitor's download carries no token, and no discussion when the story has none", async () => {
    const { fetchMock } = stubBook();
    renderDownload(null, false);
    expect(screen.queryByRole("checkbox", { name: "Include the discussion" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Download EPUB" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/epub/abc123", { headers: {} }));
  });

  it("says so when the download fails", async () => {
    stubBook(404);
    renderDownload("token-1");
    fireEvent.click(screen.getByRole("button", { name: "Download EPUB" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not download the story.");
  });
});
