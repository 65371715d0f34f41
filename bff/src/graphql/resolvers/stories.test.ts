import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";

const STORY_FIELDS = `
  id publicId title status isPublic outline tags themeKeywords desiredLength nastinessLevel
  progress statusMessage viewerIsAuthor headerImageUrl createdAt
  author { id username }
  content { chapters { title paragraphs } }
  images { id role url altText chapterIndex paragraphIndex }
`;
const START = `mutation Start($input: StartStoryGenerationInput!) {
  startStoryGeneration(input: $input) { ${STORY_FIELDS} }
}`;
const STORY = `query Story($publicId: ID!) { story(publicId: $publicId) { ${STORY_FIELDS} } }`;
const MY_STORIES = `query Mine($first: Int, $after: String) {
  myStories(first: $first, after: $after) {
    edges { cursor node { publicId title } }
    pageInfo { hasNextPage endCursor }
  }
}`;
/** A mutation's head taking the story's global id as $id (mutations name stories by it). */
const byId = (name: string, extra = "") =>
  `mutation ${name}($id: ID!${extra ? `, ${extra}` : ""}) `;

interface StoryJson {
  id: string;
  publicId: string;
  title: string;
  status: string;
  isPublic: boolean;
  viewerIsAuthor: boolean;
  headerImageUrl: string | null;
  author: { id: string; username: string } | null;
  content: { chapters: Array<{ title: string; paragraphs: string[] }> } | null;
  images: Array<{ id: string; role: string; url: string; altText: string }>;
  [field: string]: unknown;
}

let api: ApiProcess;
let bff: Bff;
const emulatorHost = () => inject("authEmulatorHost");

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0" });
  bff = await startBff(api.url);
});

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

async function newUser(name: string) {
  const { idToken } = await signUp(emulatorHost(), uniqueEmail(name));
  const me = await graphql(
    bff.url,
    `
      {
        viewer {
          id
          username
        }
      }
    `,
    { token: idToken },
  );
  return { token: idToken, ...(me.data?.viewer as { id: string; username: string }) };
}

async function startStory(token: string, input: Record<string, unknown> = {}) {
  const body = await graphql(bff.url, START, {
    token,
    variables: { input: { title: "The Lighthouse", outline: "A keeper and a storm.", ...input } },
  });
  expect(body.errors).toBeUndefined();
  return body.data?.startStoryGeneration as StoryJson;
}

async function readStory(publicId: string, token?: string) {
  const body = await graphql(bff.url, STORY, { token, variables: { publicId } });
  expect(body.errors).toBeUndefined();
  return body.data?.story as StoryJson | null;
}

async function storyReadyForReview(publicId: string, token: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const story = await readStory(publicId, token);
    if (story?.status === "READY_FOR_REVIEW") return story;
    if (Date.now() > deadline) throw new Error(`story still ${story?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mutate(name: string, field: string, id: string, token: string) {
  const body = await graphql(bff.url, `${byId(name)}{ ${field}(id: $id) { status isPublic } }`, {
    token,
    variables: { id },
  });
  return { story: body.data?.[field] as StoryJson | undefined, errors: body.errors };
}

describe("starting a story", () => {
  it("creates a GENERATING story of the viewer, with the request's settings", async () => {
    const author = await newUser("starter");
    const story = await startStory(author.token, {
      tags: ["sea", "night"],
      themeKeywords: ["storm"],
      desiredLength: "MEDIUM",
      nastinessLevel: "HEAVY",
    });
    expect(story).toMatchObject({
      title: "The Lighthouse",
      status: "GENERATING",
      isPublic: false,
      outline: "A keeper and a storm.",
      tags: ["sea", "night"],
      themeKeywords: ["storm"],
      desiredLength: "MEDIUM",
      nastinessLevel: "HEAVY",
      viewerIsAuthor: true,
      author: { id: author.id, username: author.username },
    });
    expect(Buffer.from(story.id, "base64url").toString()).toBe(`Story:${story.publicId}`);
    expect((await readStory(story.publicId, author.token))?.id).toBe(story.id);
  });

  it("applies the product's defaults: Short and Light", async () => {
    const author = await newUser("defaults");
    const story = await startStory(author.token);
    expect(story).toMatchObject({ desiredLength: "SHORT", nastinessLevel: "LIGHT", tags: [] });
  });

  it("reports a blank title as BAD_USER_INPUT on the title field", async () => {
    const author = await newUser("blank");
    const body = await graphql(bff.url, START, {
      token: author.token,
      variables: { input: { title: "  ", outline: "Something." } },
    });
    expect(body.errors?.[0]?.message).toBe("Title is required.");
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "title" });
  });

  it("is UNAUTHENTICATED for a visitor", async () => {
    const body = await graphql(bff.url, START, {
      variables: { input: { title: "T", outline: "O" } },
    });
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("reading a story", () => {
  it("a story the viewer may not see is null, for strangers and visitors alike", async () => {
    const author = await newUser("private");
    const stranger = await newUser("stranger");
    const story = await startStory(author.token);
    expect(await readStory(story.publicId, stranger.token)).toBeNull();
    expect(await readStory(story.publicId)).toBeNull();
    expect(await readStory("no-such-story")).toBeNull();
  });

  // An id no story can have never becomes a path: "" would be /v1/stories/, the list.
  it.each([
    ["an empty publicId", "", "publicId must not be empty."],
    [
      "a publicId with a NUL byte",
      "a\u0000b",
      "publicId must not contain the control character U+0000.",
    ],
    [
      "a publicId longer than any story's",
      "x".repeat(120),
      "publicId is not valid: 1 to 64 letters, digits, _ or -.",
    ],
    ["a publicId with a slash", "a/b", "publicId is not valid: 1 to 64 letters, digits, _ or -."],
  ])("%s is BAD_USER_INPUT naming publicId", async (_what, publicId, message) => {
    const body = await graphql(bff.url, STORY, { variables: { publicId } });
    expect(body.data?.story ?? null).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message,
        extensions: expect.objectContaining({ code: "BAD_USER_INPUT", field: "publicId" }),
      }),
    ]);
  });
});

describe("a story's discussion", () => {
  it("is open to its reader under review and once completed, never while generating or discarded", async () => {
    const author = await newUser("discussion");
    const discussion = "status viewerCanComment comments { id }";
    const started = await graphql(
      bff.url,
      `mutation Start($input: StartStoryGenerationInput!) {
        startStoryGeneration(input: $input) { id publicId ${discussion} }
      }`,
      { token: author.token, variables: { input: { title: "Talk", outline: "A quiet story." } } },
    );
    const { id, publicId, ...generating } = started.data?.startStoryGeneration as StoryJson;
    // Closed: no comments are asked for (the api would refuse them), none are shown.
    expect(generating).toEqual({ status: "GENERATING", viewerCanComment: false, comments: [] });

    await storyReadyForReview(publicId, author.token);
    const read = await graphql(
      bff.url,
      `query Read($publicId: ID!) { story(publicId: $publicId) { ${discussion} } }`,
      { token: author.token, variables: { publicId } },
    );
    expect(read).toEqual({
      data: { story: { status: "READY_FOR_REVIEW", viewerCanComment: true, comments: [] } },
    });

    const confirmed = await graphql(
      bff.url,
      `${byId("Confirm")}{ confirmStory(id: $id) { ${discussion} } }`,
      { token: author.token, variables: { id } },
    );
    expect(confirmed.data?.confirmStory).toEqual({
      status: "COMPLETED",
      viewerCanComment: true,
      comments: [],
    });

    const discarded = await graphql(
      bff.url,
      `${byId("Discard")}{ discardStory(id: $id) { ${discussion} } }`,
      { token: author.token, variables: { id } },
    );
    expect(discarded).toEqual({
      data: { discardStory: { status: "DISCARDED", viewerCanComment: false, comments: [] } },
    });
  });
});

describe("my stories", () => {
  it("lists the viewer's stories newest first, a page at a time", async () => {
    const author = await newUser("lister");
    for (const title of ["First", "Second", "Third"]) await startStory(author.token, { title });
    await startStory((await newUser("other")).token, { title: "Someone else's" });

    const first = await graphql(bff.url, MY_STORIES, {
      token: author.token,
      variables: { first: 2 },
    });
    const page = first.data?.myStories as {
      edges: Array<{ cursor: string; node: { title: string } }>;
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    expect(page.edges.map((edge) => edge.node.title)).toEqual(["Third", "Second"]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.pageInfo.endCursor).toBe(page.edges[1]?.cursor);

    const rest = await graphql(bff.url, MY_STORIES, {
      token: author.token,
      variables: { first: 2, after: page.pageInfo.endCursor },
    });
    expect(rest.data?.myStories).toMatchObject({
      edges: [{ node: { title: "First" } }],
      pageInfo: { hasNextPage: false },
    });

    // Any edge's cursor continues right after that edge.
    const fromFirstEdge = await graphql(bff.url, MY_STORIES, {
      token: author.token,
      variables: { first: 5, after: page.edges[0]?.cursor },
    });
    const titles = (
      fromFirstEdge.data?.myStories as { edges: Array<{ node: { title: string } }> }
    ).edges.map((edge) => edge.node.title);
    expect(titles).toEqual(["Second", "First"]);
  });

  it("refuses a page size outside 1..100 and a cursor it did not hand out", async () => {
    const author = await newUser("pager");
    const tooMany = await graphql(bff.url, MY_STORIES, {
      token: author.token,
      variables: { first: 101 },
    });
    expect(tooMany.errors?.[0]?.message).toBe("first must be between 1 and 100.");
    const forged = await graphql(bff.url, MY_STORIES, {
      token: author.token,
      variables: { after: "bm90LWEtY3Vyc29y" },
    });
    expect(forged.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "after",
    });
  });
});

describe("a story's lifecycle through GraphQL", () => {
  it("confirm, share, publish, pictures and discard follow the api's rules", async () => {
    const author = await newUser("lifecycle");
    const { id, publicId } = await startStory(author.token);
    const ready = await storyReadyForReview(publicId, author.token);
    expect(ready.statusMessage).toBe("Your story is ready for review.");
    expect(ready.progress).toBe(100);
    expect(ready.content?.chapters.length).toBeGreaterThan(0);

    // Pictures are served same-origin by the BFF.
    const cover = ready.images.find((image) => image.role === "COVER");
    expect(cover?.url).toBe(`/media/${cover?.id}`);
    expect(ready.headerImageUrl).toBe(cover?.url);
    const picture = await fetch(`${bff.url}${cover?.url}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toMatch(/^image\//);
    // The api's policy for a picture opened on its own (an SVG runs nothing) replaces the page's.
    expect(picture.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(picture.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const etag = picture.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${bff.url}${cover?.url}`, {
      headers: { authorization: `Bearer ${author.token}`, "if-none-match": etag ?? "" },
    });
    expect(again.status).toBe(304);
    // A visitor cannot see a picture of a story that is not public.
    expect((await fetch(`${bff.url}${cover?.url}`)).status).toBe(404);

    const pictures = await graphql(
      bff.url,
      `
        ${byId("Art", "$only: Boolean")}
        {
          regenerateStoryImages(id: $id, albumArtOnly: $only) {
            status
          }
        }
      `,
      { token: author.token, variables: { id, only: true } },
    );
    expect(pictures).toEqual({ data: { regenerateStoryImages: { status: "READY_FOR_REVIEW" } } });

    const confirmed = await mutate("Confirm", "confirmStory", id, author.token);
    expect(confirmed.story).toEqual({ status: "COMPLETED", isPublic: false });

    const twice = await mutate("Confirm", "confirmStory", id, author.token);
    expect(twice.errors?.[0]?.message).toBe("Cannot confirm a story that is completed.");
    expect(twice.errors?.[0]?.extensions).toMatchObject({
      code: "CONFLICT",
      reason: "INVALID_TRANSITION",
      currentStatus: "COMPLETED",
    });

    const share = `${byId("Share")}{ storyShareLink(id: $id) }`;
    const privateShare = await graphql(bff.url, share, {
      token: author.token,
      variables: { id },
    });
    expect(privateShare.errors?.[0]?.message).toBe("Cannot share a private story.");
    expect(privateShare.errors?.[0]?.extensions).toMatchObject({
      code: "CONFLICT",
      reason: "NOT_SHAREABLE",
    });

    const stranger = await newUser("onlooker");
    const visibility = `${byId("Visibility", "$isPublic: Boolean!")}{
      setStoryVisibility(id: $id, isPublic: $isPublic) { isPublic }
    }`;
    const published = await graphql(bff.url, visibility, {
      token: author.token,
      variables: { id, isPublic: true },
    });
    expect(published).toEqual({ data: { setStoryVisibility: { isPublic: true } } });
    const notTheirs = await graphql(bff.url, visibility, {
      token: stranger.token,
      variables: { id, isPublic: false },
    });
    expect(notTheirs.errors?.[0]?.message).toBe("Only the author can change visibility.");
    expect(notTheirs.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const link = await graphql(bff.url, share, { token: author.token, variables: { id } });
    expect(link).toEqual({
      data: { storyShareLink: `http://127.0.0.1:4000/stories/${publicId}` },
    });
    const asVisitor = await readStory(publicId);
    expect(asVisitor).toMatchObject({
      status: "COMPLETED",
      viewerIsAuthor: false,
      author: { username: author.username },
    });
    expect((await fetch(`${bff.url}${asVisitor?.headerImageUrl}`)).status).toBe(200);

    const discarded = await mutate("Discard", "discardStory", id, author.token);
    expect(discarded.story).toMatchObject({ status: "DISCARDED" });
    expect(await readStory(publicId)).toBeNull();

    const regenerated = await graphql(
      bff.url,
      `
        ${byId("Regenerate")}
        {
          regenerateStory(id: $id) {
            status
            progress
            statusMessage
          }
        }
      `,
      { token: author.token, variables: { id } },
    );
    expect(regenerated).toEqual({
      data: {
        regenerateStory: {
          status: "GENERATING",
          progress: 0,
          statusMessage: "Restarting story generation...",
        },
      },
    });
  });

  it("a stranger's mutation of a private story is NOT_FOUND (never reveals it exists)", async () => {
    const author = await newUser("owner");
    const stranger = await newUser("meddler");
    const { id } = await startStory(author.token);
    const attempt = await mutate("Discard", "discardStory", id, stranger.token);
    expect(attempt.errors?.[0]?.message).toBe("Story not found.");
    expect(attempt.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("a story mutation given a public id or another type's id is BAD_USER_INPUT on id", async () => {
    const author = await newUser("wrong-ids");
    const story = await startStory(author.token);
    const user = author.id;
    for (const wrong of [story.publicId, user]) {
      const attempt = await mutate("Discard", "discardStory", wrong, author.token);
      expect(attempt.errors?.[0]).toMatchObject({
        message: "Not a story id.",
        extensions: { code: "BAD_USER_INPUT", field: "id" },
      });
    }
    expect((await readStory(story.publicId, author.token))?.status).not.toBe("DISCARDED");
  });

  it("the media proxy answers 404 for an id that is not a picture", async () => {
    expect((await fetch(`${bff.url}/media/not-a-picture`)).status).toBe(404);
    expect((await fetch(`${bff.url}/media/..%2Fv1%2Fhealth`)).status).toBe(404);
  });
});
