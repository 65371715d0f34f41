import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { publishStory } from "../testing/publish-story.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";

// GET /epub/<publicId> (transport/epub-proxy.ts): the api's book, with the caller's identity.

let api: ApiProcess;
let bff: Bff;

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0" });
  bff = await startBff(api.url);
}, 60_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

const download = (path: string, token?: string) =>
  fetch(`${bff.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe("EPUB downloads through the BFF", () => {
  it("a listed story's book reaches a visitor, with the discussion when asked for", async () => {
    const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("epubauthor"));
    const publicId = await publishStory(bff.url, idToken, "The Lamp & the Sea");
    const response = await download(`/epub/${publicId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/epub+zip");
    expect(response.headers.get("content-disposition")).toContain(
      'filename="The-Lamp-the-Sea.epub"',
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(30, 58).toString()).toBe("mimetypeapplication/epub+zip");
    expect(bytes.includes("OEBPS/discussion.xhtml")).toBe(false);
    const withNotes = await download(`/epub/${publicId}?discussion=true`);
    expect(withNotes.status).toBe(200);
    expect(Buffer.from(await withNotes.arrayBuffer()).includes("OEBPS/discussion.xhtml")).toBe(
      true,
    );
  }, 60_000);

  it("a private story's book is its owner's: their token is carried to the api, a visitor is told it is not found", async () => {
    const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("epubowner"));
    const started = await graphql(
      bff.url,
      `
        mutation ($input: StartStoryGenerationInput!) {
          startStoryGeneration(input: $input) {
            publicId
          }
        }
      `,
      { token: idToken, variables: { input: { title: "Kept", outline: "A keeper and a storm." } } },
    );
    const { publicId } = started.data?.startStoryGeneration as { publicId: string };
    // Written or not yet, the visitor learns nothing.
    const visitor = await download(`/epub/${publicId}`);
    expect(visitor.status).toBe(404);
    expect(await visitor.json()).toMatchObject({ code: "NOT_FOUND" });
    const deadline = Date.now() + 30_000;
    let own = await download(`/epub/${publicId}`, idToken);
    while (own.status === 409 && Date.now() < deadline) {
      await own.body?.cancel();
      own = await download(`/epub/${publicId}`, idToken);
    }
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/epub+zip");
    expect((await download(`/epub/${publicId}`)).status).toBe(404);
    expect((await download("/epub/not*an*id")).status).toBe(404);
  }, 60_000);
});
