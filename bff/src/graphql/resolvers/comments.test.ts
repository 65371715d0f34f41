import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";

// The discussion through GraphQL against a real api: comments, replies, inline notes, reports, deletes
// and the moderation queues. One report sends a comment to moderation here
// (COMMENT_FLAG_THRESHOLD=1), so the queue tests need no crowd of reporters.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "storyloom-bff-comments-"));
const apiEnv = { STORY_WRITER_PACE_MS: "0", DATA_DIR: dataDir, COMMENT_FLAG_THRESHOLD: "1" };

const COMMENT_FIELDS = `
  id content createdAt parentId moderationStatus flaggedCount isInline quote isOrphaned
  isByStoryAuthor viewerCanDelete viewerCanReport storyPublicId
  location { start end }
  author { id username avatarUrl }
`;
const COMMENTS = `query Comments($publicId: ID!) {
  story(publicId: $publicId) {
    commentCount
    comments { ${COMMENT_FIELDS} replies { ${COMMENT_FIELDS} replies { id content } } }
  }
}`;
const ADD = `mutation Add($input: AddCommentInput!) { addComment(input: $input) { ${COMMENT_FIELDS} } }`;
const DELETE = `mutation Delete($id: ID!) { deleteComment(id: $id) { id deleted } }`;
const REPORT = `mutation Report($id: ID!) { reportComment(id: $id) { id viewerCanReport } }`;

interface Person {
  token: string;
  id: string;
  username: string;
  email: string;
}
interface StoryIds {
  /** The global id, which mutations take. */
  id: string;
  /** The address, which queries take. */
  publicId: string;
}
interface CommentJson {
  id: string;
  content: string;
  parentId: string | null;
  replies: CommentJson[];
  [field: string]: unknown;
}

let api: ApiProcess;
let bff: Bff;
let owner: Person;
let reader: Person;
let other: Person;
let moderator: Person;
/** The completed public story the discussion tests comment on. */
let story: StoryIds;

const emulatorHost = () => inject("authEmulatorHost");
const ask = (query: string, person: Person | null, variables: Record<string, unknown> = {}) =>
  graphql(bff.url, query, { token: person?.token, variables });

async function newPerson(name: string): Promise<Person> {
  const email = uniqueEmail(name);
  const { idToken } = await signUp(emulatorHost(), email);
  const me = await graphql(bff.url, "{ viewer { id username } }", { token: idToken });
  return { token: idToken, email, ...(me.data?.viewer as { id: string; username: string }) };
}

/** A completed public story of the owner, written by the offline writer. */
async function publicStory(): Promise<StoryIds> {
  const started = await ask(
    `mutation { startStoryGeneration(input: { title: "The Lighthouse", outline: "A keeper and a storm." }) { id publicId } }`,
    owner,
  );
  const { id, publicId } = started.data?.startStoryGeneration as StoryIds;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const read = await ask(`query S($p: ID!) { story(publicId: $p) { status } }`, owner, {
      p: publicId,
    });
    if ((read.data?.story as { status: string }).status === "READY_FOR_REVIEW") break;
    if (Date.now() > deadline) throw new Error("the story was not written in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await ask(`mutation C($id: ID!) { confirmStory(id: $id) { status } }`, owner, { id });
  await ask(
    `mutation V($id: ID!) { setStoryVisibility(id: $id, isPublic: true) { isPublic } }`,
    owner,
    { id },
  );
  return { id, publicId };
}

async function add(person: Person | null, input: Record<string, unknown>) {
  return ask(ADD, person, { input: { storyId: story.id, ...input } });
}

async function added(person: Person, input: Record<string, unknown>): Promise<CommentJson> {
  const body = await add(person, input);
  expect(body.errors).toBeUndefined();
  return body.data?.addComment as CommentJson;
}

async function thread(person: Person | null): Promise<CommentJson[]> {
  const body = await ask(COMMENTS, person, { publicId: story.publicId });
  expect(body.errors).toBeUndefined();
  return (body.data?.story as { comments: CommentJson[] }).comments;
}

beforeAll(async () => {
  // Roles are granted by the CLI, which needs the embedded database to itself: the users sign up
  // with a first api, the CLI runs while no api does, then the tests run on a second one.
  const first = await startApi(apiEnv);
  bff = await startBff(first.url);
  [owner, reader, other, moderator] = [
    await newPerson("owner"),
    await newPerson("reader"),
    await newPerson("other"),
    await newPerson("moderator"),
  ];
  await bff.server.stop();
  await first.stop();
  await promisify(execFile)(
    process.execPath,
    [path.join(root, "api/dist/cli/user-role-main.js"), moderator.email, "moderator"],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
  );
  api = await startApi(apiEnv);
  bff = await startBff(api.url);
  story = await publicStory();
}, 60_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the discussion of a story", () => {
  it("adds a general comment, a reply and an inline note, and shows them as a tree", async () => {
    const general = await added(reader, { content: "  What a storm!  " });
    expect(general).toMatchObject({
      content: "What a storm!",
      parentId: null,
      moderationStatus: "APPROVED",
      isInline: false,
      location: null,
      isByStoryAuthor: false,
      viewerCanDelete: true,
      viewerCanReport: false,
      storyPublicId: story.publicId,
      author: { id: reader.id, username: reader.username, avatarUrl: null },
    });
    expect(Buffer.from(general.id, "base64url").toString()).toMatch(/^Comment:/);
    const reply = await added(owner, { content: "Thank you.", parentId: general.id });
    expect(reply).toMatchObject({ parentId: general.id, isByStoryAuthor: true });
    const inline = await added(other, { content: "Lovely line.", location: { start: 0, end: 12 } });
    expect(inline).toMatchObject({ isInline: true, location: { start: 0, end: 12 } });
    expect(inline.quote).toHaveLength(12);

    const seenByOther = await thread(other);
    const mine = seenByOther.find((comment) => comment.id === general.id);
    expect(mine).toMatchObject({ viewerCanDelete: false, viewerCanReport: true });
    expect(mine?.replies.map((r) => r.content)).toEqual(["Thank you."]);
    expect(seenByOther.some((comment) => comment.id === inline.id)).toBe(true);
    const visitorView = await thread(null);
    expect(visitorView.find((c) => c.id === general.id)).toMatchObject({
      viewerCanDelete: false,
      viewerCanReport: false,
    });
  });

  it("answers the product's message for an empty comment, on the content field", async () => {
    const body = await add(reader, { content: "   " });
    expect(body.errors?.[0]).toMatchObject({
      message: "Comment cannot be empty.",
      extensions: { code: "BAD_USER_INPUT", field: "content" },
    });
  });

  it("asks a visitor to sign in before commenting", async () => {
    const body = await add(null, { content: "Hello" });
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("refuses an id that is not a comment's before asking the api", async () => {
    const body = await ask(DELETE, reader, { id: story.id });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "id" });
  });

  it("names the story commented on by its global id, never its public id", async () => {
    const byPublicId = await ask(ADD, reader, {
      input: { storyId: story.publicId, content: "Hello" },
    });
    expect(byPublicId.errors?.[0]).toMatchObject({
      message: "Not a story id.",
      extensions: { code: "BAD_USER_INPUT", field: "storyId" },
    });
    const replyToStory = await add(reader, { content: "Hello", parentId: story.id });
    expect(replyToStory.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "parentId",
    });
  });

  it("lets the author delete their comment, and no one else but the story's owner", async () => {
    const comment = await added(reader, { content: "Delete me." });
    const refused = await ask(DELETE, other, { id: comment.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const deleted = await ask(DELETE, reader, { id: comment.id });
    expect(deleted.data?.deleteComment).toEqual({ id: comment.id, deleted: true });
    const byOwner = await added(other, { content: "The owner may remove this." });
    expect((await ask(DELETE, owner, { id: byOwner.id })).errors).toBeUndefined();
    const ids = (await thread(reader)).map((c) => c.id);
    expect(ids).not.toContain(comment.id);
    expect(ids).not.toContain(byOwner.id);
  });
});

describe("reports and moderation", () => {
  it("reports another reader's comment once, never one's own", async () => {
    const comment = await added(reader, { content: "Report me." });
    const own = await ask(REPORT, reader, { id: comment.id });
    expect(own.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const reported = await ask(REPORT, other, { id: comment.id });
    expect(reported.data?.reportComment).toEqual({ id: comment.id, viewerCanReport: false });
    // At the threshold it waits for a moderator: out of others' sight, still its author's.
    expect((await thread(other)).some((c) => c.id === comment.id)).toBe(false);
    expect((await thread(reader)).find((c) => c.id === comment.id)?.moderationStatus).toBe(
      "PENDING",
    );
  });

  it("gives moderators the pending comments and their decisions, and refuses readers", async () => {
    const comment = await added(reader, { content: "Borderline." });
    await ask(REPORT, other, { id: comment.id });
    const QUEUE = `{ pendingComments { id flaggedCount storyPublicId } }`;
    expect((await ask(QUEUE, reader)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const queue = (await ask(QUEUE, moderator)).data?.pendingComments as CommentJson[];
    expect(queue.find((c) => c.id === comment.id)).toMatchObject({
      flaggedCount: 1,
      storyPublicId: story.publicId,
    });
    const approved = await ask(
      `mutation A($id: ID!) { approveComment(id: $id) { moderationStatus flaggedCount } }`,
      moderator,
      { id: comment.id },
    );
    expect(approved.data?.approveComment).toEqual({
      moderationStatus: "APPROVED",
      flaggedCount: 0,
    });
    expect((await thread(other)).some((c) => c.id === comment.id)).toBe(true);
  });

  it("lets moderators reject a story with a reason its owner then reads", async () => {
    const { id, publicId } = await publicStory();
    const rejected = await ask(
      `mutation R($id: ID!) { rejectStory(id: $id, reason: "Off topic") { moderationStatus } }`,
      moderator,
      { id },
    );
    expect(rejected.data?.rejectStory).toEqual({ moderationStatus: "REJECTED" });
    const STORY = `query S($p: ID!) { story(publicId: $p) { moderationStatus moderationReason } }`;
    expect((await ask(STORY, reader, { p: publicId })).data?.story).toBeNull();
    expect((await ask(STORY, owner, { p: publicId })).data?.story).toEqual({
      moderationStatus: "REJECTED",
      moderationReason: "Off topic",
    });
    const approved = await ask(
      `mutation A($id: ID!) { approveStory(id: $id) { moderationStatus } }`,
      moderator,
      { id },
    );
    expect(approved.data?.approveStory).toEqual({ moderationStatus: "APPROVED" });
    expect((await ask(STORY, reader, { p: publicId })).data?.story).not.toBeNull();
  });
});
