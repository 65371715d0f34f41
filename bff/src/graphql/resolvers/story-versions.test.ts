import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { publishStory } from "../../testing/publish-story.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";

// The owner edits a story and reads its versions through GraphQL (docs/product.md#versions).

let api: ApiProcess;
let bff: Bff;

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0" });
  bff = await startBff(api.url);
});

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

const token = async (name: string) =>
  (await signUp(inject("authEmulatorHost"), uniqueEmail(name))).idToken;

const HISTORY = `query History($publicId: ID!) {
  story(publicId: $publicId) {
    id revisedAt
    versions { id number cause restoredFrom title createdAt }
    first: version(number: 1) { number cause }
    second: version(number: 2) { changes { kind text } }
    missing: version(number: 99) { number }
  }
}`;
const EDIT = `mutation Edit($id: ID!, $input: EditStoryInput!) {
  editStory(id: $id, input: $input) { title revisedAt content { chapters { title paragraphs } } }
}`;
const RESTORE = `mutation Restore($id: ID!, $number: Int!) {
  restoreStoryVersion(id: $id, number: $number) { title }
}`;

interface History {
  id: string;
  revisedAt: string | null;
  versions: Array<{ number: number; cause: string }>;
  // A version's word diff is asked for one version at a time (the operation cost refuses it on
  // every item of the list: each is one api call).
  second: { changes: Array<{ kind: string; text: string }> } | null;
}

async function historyOf(publicId: string, as?: string) {
  const body = await graphql(bff.url, HISTORY, { token: as, variables: { publicId } });
  expect(body.errors).toBeUndefined();
  return body.data?.story as History;
}

describe("editing a story and its versions", () => {
  it("an edit is a version with its word diff; a restore is another; readers see revisedAt only", async () => {
    const owner = await token("studio");
    const reader = await token("reader");
    const publicId = await publishStory(bff.url, owner, "The Lamp");
    const { id } = await historyOf(publicId, owner);

    const content = { chapters: [{ title: "One", paragraphs: ["A short new text."] }] };
    const edited = await graphql(bff.url, EDIT, {
      token: owner,
      variables: { id, input: { title: "The Brass Lamp", content } },
    });
    expect(edited.errors).toBeUndefined();
    expect(edited.data?.editStory).toMatchObject({
      title: "The Brass Lamp",
      revisedAt: expect.any(String),
      content,
    });

    const history = await historyOf(publicId, owner);
    expect(history.versions.map((version) => [version.number, version.cause])).toEqual([
      [2, "EDITED"],
      [1, "WRITTEN"],
    ]);
    expect(history.second?.changes).toContainEqual({ kind: "ADDED", text: "Brass " });
    // The writer's chapters went: their words are removed.
    expect(history.second?.changes.some((change) => change.kind === "REMOVED")).toBe(true);
    expect(history).toMatchObject({ first: { number: 1, cause: "WRITTEN" }, missing: null });

    const restored = await graphql(bff.url, RESTORE, {
      token: owner,
      variables: { id, number: 1 },
    });
    expect(restored.data?.restoreStoryVersion).toEqual({ title: "The Lamp" });
    expect((await historyOf(publicId, owner)).versions[0]).toMatchObject({
      number: 3,
      cause: "RESTORED",
      restoredFrom: 1,
    } as object);

    const asReader = await historyOf(publicId, reader);
    expect(asReader).toMatchObject({ revisedAt: expect.any(String), versions: [] });
    // A story written by the worker, then eleven calls: about 40 s on a busy two-core machine.
  }, 120_000);

  it("a restore of a missing version is NOT_FOUND with the product's words; a reader's edit is FORBIDDEN", async () => {
    const owner = await token("missing");
    const reader = await token("intruder");
    const publicId = await publishStory(bff.url, owner, "The Door");
    const { id } = await historyOf(publicId, owner);

    const missing = await graphql(bff.url, RESTORE, { token: owner, variables: { id, number: 7 } });
    expect(missing.errors?.[0]).toMatchObject({
      message: "Version not found.",
      extensions: { code: "NOT_FOUND" },
    });

    const edit = await graphql(bff.url, EDIT, {
      token: reader,
      variables: { id, input: { title: "Mine now" } },
    });
    expect(edit.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
