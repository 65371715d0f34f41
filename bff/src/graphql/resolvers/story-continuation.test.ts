import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { publishStory } from "../../testing/publish-story.js";
import {
  graphql,
  startApi,
  startBff,
  type ApiProcess,
  type Bff,
  type Data,
} from "../../testing/stack.js";

// Continue the story through GraphQL against a real api and its worker (decision 062): the owner
// asks for a next chapter, sees it written, confirms it; a follower sees "new chapter".

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

const signedUp = async (name: string) => signUp(inject("authEmulatorHost"), uniqueEmail(name));

const STORY = `query Story($publicId: ID!) {
  story(publicId: $publicId) {
    id newChapter chapterAddedAt author { id }
    content { chapters { title } }
    nextChapter { state direction error chapter { title paragraphs locked } }
  }
}`;
const CONTINUE = `mutation Continue($id: ID!, $direction: String) {
  continueStory(id: $id, direction: $direction) { nextChapter { state direction } }
}`;
const CONFIRM = `mutation Confirm($id: ID!) {
  confirmNextChapter(id: $id) { nextChapter { state } content { chapters { title } } }
}`;

async function storyOf(publicId: string, token: string): Promise<Data> {
  const body = await graphql(bff.url, STORY, { token, variables: { publicId } });
  expect(body.errors).toBeUndefined();
  return (body.data as Data).story as Data;
}

describe("continue the story over GraphQL", () => {
  it("the owner continues, reviews and confirms; a follower sees the new chapter", async () => {
    const owner = (await signedUp("continuer")).idToken;
    const follower = (await signedUp("follower")).idToken;
    const publicId = await publishStory(bff.url, owner, "The Lamp");
    const before = await storyOf(publicId, owner);
    const followed = await graphql(
      bff.url,
      `
        mutation ($authorId: ID!) {
          subscribeToAuthor(authorId: $authorId) {
            id
          }
        }
      `,
      { token: follower, variables: { authorId: before.author.id } },
    );
    expect(followed.errors).toBeUndefined();

    const asked = await graphql(bff.url, CONTINUE, {
      token: owner,
      variables: { id: before.id, direction: "The storm reaches the lamp." },
    });
    expect(asked.errors).toBeUndefined();
    expect((asked.data as Data).continueStory.nextChapter).toEqual({
      state: "WRITING",
      direction: "The storm reaches the lamp.",
    });
    const twice = await graphql(bff.url, CONTINUE, { token: owner, variables: { id: before.id } });
    expect(twice.errors?.[0]?.extensions?.code).toBe("CONFLICT");

    const deadline = Date.now() + 30_000;
    let review = await storyOf(publicId, owner);
    while (review.nextChapter?.state !== "READY_FOR_REVIEW") {
      if (Date.now() > deadline) throw new Error(`next chapter still ${review.nextChapter?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      review = await storyOf(publicId, owner);
    }
    const chapters = before.content.chapters.length;
    expect(review.nextChapter.chapter).toMatchObject({
      title: `Chapter ${chapters + 1}`,
      locked: false,
    });
    expect(review.nextChapter.chapter.paragraphs.length).toBeGreaterThan(0);
    expect((await storyOf(publicId, follower)).nextChapter).toBeNull();

    const confirmed = await graphql(bff.url, CONFIRM, {
      token: owner,
      variables: { id: before.id },
    });
    expect(confirmed.errors).toBeUndefined();
    expect((confirmed.data as Data).confirmNextChapter.nextChapter).toBeNull();
    expect((confirmed.data as Data).confirmNextChapter.content.chapters).toHaveLength(chapters + 1);
    expect(await storyOf(publicId, follower)).toMatchObject({
      newChapter: true,
      chapterAddedAt: expect.any(String),
    });
  });

  it("refuses a direction over the limit and a non-owner, in the product's words", async () => {
    const owner = (await signedUp("continuer")).idToken;
    const other = (await signedUp("other")).idToken;
    const publicId = await publishStory(bff.url, owner, "The Key");
    const { id } = await storyOf(publicId, owner);
    const tooLong = await graphql(bff.url, CONTINUE, {
      token: owner,
      variables: { id, direction: "x".repeat(501) },
    });
    expect(tooLong.errors?.[0]?.message).toBe("The direction can be at most 500 characters.");
    const notTheirs = await graphql(bff.url, CONTINUE, { token: other, variables: { id } });
    expect(notTheirs.errors?.[0]).toMatchObject({
      message: "Only the author can continue this story.",
      extensions: { code: "FORBIDDEN" },
    });
    expect((await storyOf(publicId, owner)).nextChapter).toBeNull();
  });
});
