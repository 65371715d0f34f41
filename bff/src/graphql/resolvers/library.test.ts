import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { publishStory } from "../../testing/publish-story.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";

// A reader's library through GraphQL (docs/product.md#reading-progress): their place, shelves and
// what changed since they read, over the real api.

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

const FIELDS = "storyId state position { chapter paragraph } newSinceRead readAt";
const STORY =
  "query Story($publicId: ID!) { story(publicId: $publicId) { id content { chapters { title paragraphs } } } }";
const SAVE = `mutation Save($input: ReadingProgressInput!) { saveReadingProgress(input: $input) { ${FIELDS} } }`;
const PROGRESS = `query Progress($storyId: ID!) { readingProgress(storyId: $storyId) { ${FIELDS} } }`;
const LIBRARY = `query Library($state: ReadingState!) {
  myLibrary(state: $state, first: 5) { edges { node { state newSinceRead story { id title } } } pageInfo { hasNextPage } }
}`;
const CHANGES = `query Changes($storyId: ID!) { changesSinceRead(storyId: $storyId) { sinceVersion changes { kind text } } }`;
const LATER = `mutation Later($storyId: ID!) { setReadingState(storyId: $storyId, state: LATER) { state } }`;
const EDIT = `mutation Edit($id: ID!, $input: EditStoryInput!) { editStory(id: $id, input: $input) { id } }`;

async function ask(query: string, as: string, variables: Record<string, unknown>) {
  const body = await graphql(bff.url, query, { token: as, variables });
  expect(body.errors).toBeUndefined();
  return body.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe("the reader's library", () => {
  it("keeps the reader's place, lists their shelves, and shows what changed since they read", async () => {
    const owner = await token("library-owner");
    const reader = await token("library-reader");
    const publicId = await publishStory(bff.url, owner, "The Lamp Room");
    const { story } = await ask(STORY, reader, { publicId });
    const storyId = story.id as string;
    const chapters = story.content.chapters as Array<{ title: string; paragraphs: string[] }>;

    const saved = await ask(SAVE, reader, { input: { storyId, chapter: 0, paragraph: 1 } });
    expect(saved.saveReadingProgress).toMatchObject({
      storyId,
      state: "READING",
      position: { chapter: 0, paragraph: 1 },
      newSinceRead: false,
    });
    const other = await token("library-other");
    expect((await ask(PROGRESS, other, { storyId })).readingProgress).toMatchObject({
      state: null,
      position: null,
    });
    const reading = await ask(LIBRARY, reader, { state: "READING" });
    expect(
      reading.myLibrary.edges.map(
        (edge: { node: { story: { id: string } } }) => edge.node.story.id,
      ),
    ).toEqual([storyId]);
    expect((await ask(CHANGES, reader, { storyId })).changesSinceRead).toBeNull();

    const [first, ...rest] = chapters;
    await ask(EDIT, owner, {
      id: storyId,
      input: {
        content: {
          chapters: [
            { title: first!.title, paragraphs: ["A storm came first.", ...first!.paragraphs] },
            ...rest,
          ],
        },
      },
    });
    expect((await ask(PROGRESS, reader, { storyId })).readingProgress).toMatchObject({
      position: { chapter: 0, paragraph: 2 },
      newSinceRead: true,
    });
    const changes = (await ask(CHANGES, reader, { storyId })).changesSinceRead;
    expect(
      changes.changes.some(
        (change: { kind: string; text: string }) =>
          change.kind === "ADDED" && change.text.includes("storm"),
      ),
    ).toBe(true);

    const later = await publishStory(bff.url, owner, "The Far Shore");
    const { story: laterStory } = await ask(STORY, reader, { publicId: later });
    expect((await ask(LATER, reader, { storyId: laterStory.id })).setReadingState.state).toBe(
      "LATER",
    );
    const shelf = await ask(LIBRARY, reader, { state: "LATER" });
    expect(shelf.myLibrary.edges).toHaveLength(1);
  });

  it("asks a visitor to sign in", async () => {
    const body = await graphql(
      bff.url,
      "query { myLibrary(state: READING) { edges { cursor } } }",
      {},
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
