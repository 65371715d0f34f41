import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
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

// Rewriting a passage through GraphQL (docs/product.md#rewrite-a-passage): the owner asks, follows
// the alternatives on the passageRewrite subscription, keeps one (a version), and revises from a
// reader's note, whose author then sees that it shaped the story.

let api: ApiProcess;
let bff: Bff;

beforeAll(async () => {
  // A small pace: the offline rewriter streams sentence by sentence, so subscribers see it grow.
  api = await startApi({ STORY_WRITER_PACE_MS: "15" });
  bff = await startBff(api.url);
});

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

const token = async (name: string) =>
  (await signUp(inject("authEmulatorHost"), uniqueEmail(name))).idToken;

const FIELDS =
  "id rewriteId status chapterIndex original instruction alternatives keptAlternative keptVersion noteIds";

async function ok(query: string, as: string, variables: Record<string, unknown>) {
  const body = await graphql(bff.url, query, { token: as, variables });
  expect(body.errors).toBeUndefined();
  return body.data as Data;
}

interface Rewrite {
  rewriteId: string;
  status: string;
  alternatives: string[];
}

/** Every state of a rewrite the subscription sends, until it completes. */
function follow(id: string, rewriteId: string, as: string): Promise<Rewrite[]> {
  const client = createClient({
    url: `${bff.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${as}` },
    retryAttempts: 0,
  });
  const seen: Rewrite[] = [];
  return new Promise((resolve, reject) => {
    client.subscribe(
      {
        query: `subscription($id: ID!, $rewriteId: ID!) { passageRewrite(id: $id, rewriteId: $rewriteId) { ${FIELDS} } }`,
        variables: { id, rewriteId },
      },
      {
        next: (result) => {
          if (result.errors) reject(new Error(JSON.stringify(result.errors)));
          else seen.push(result.data?.passageRewrite as Rewrite);
        },
        error: reject,
        complete: () => {
          void client.dispose();
          resolve(seen);
        },
      },
    );
  });
}

async function storyOf(publicId: string, as: string) {
  const data = await ok(
    "query($publicId: ID!) { story(publicId: $publicId) { id content { chapters { paragraphs } } } }",
    as,
    { publicId },
  );
  return data.story as { id: string; content: { chapters: Array<{ paragraphs: string[] }> } };
}

describe("rewriting a passage through GraphQL", () => {
  it("streams three alternatives, keeps one as a version, and lists the rewrite", async () => {
    const owner = await token("rewriter");
    const publicId = await publishStory(bff.url, owner, "The Tide");
    const story = await storyOf(publicId, owner);
    const paragraph = story.content.chapters[0]?.paragraphs[0] ?? "";
    const started = await ok(
      `mutation($id: ID!, $input: RewritePassageInput!) { rewritePassage(id: $id, input: $input) { ${FIELDS} } }`,
      owner,
      { id: story.id, input: { start: 0, end: paragraph.length, instruction: "LONGER" } },
    );
    expect(started.rewritePassage).toMatchObject({ status: "WRITING", original: paragraph });
    const states = await follow(story.id, started.rewritePassage.rewriteId, owner);
    expect(states.length).toBeGreaterThan(1);
    const last = states.at(-1) as Rewrite;
    expect(last.status).toBe("READY");
    expect(new Set(last.alternatives).size).toBe(3);
    for (const alternative of last.alternatives)
      expect(alternative.length).toBeGreaterThan(paragraph.length);

    const kept = await ok(
      `mutation($id: ID!, $rewriteId: ID!) { keepRewrite(id: $id, rewriteId: $rewriteId, alternative: 2) { rewrite { status keptAlternative keptVersion } story { content { chapters { paragraphs } } versions { number cause } } } }`,
      owner,
      { id: story.id, rewriteId: last.rewriteId },
    );
    expect(kept.keepRewrite.rewrite).toMatchObject({ status: "KEPT", keptAlternative: 2 });
    expect(kept.keepRewrite.story.content.chapters[0].paragraphs.join("\n\n")).toContain(
      last.alternatives[2],
    );
    expect(kept.keepRewrite.story.versions[0]).toEqual({
      number: kept.keepRewrite.rewrite.keptVersion,
      cause: "REWRITTEN",
    });
    const listed = await ok(
      "query($publicId: ID!) { story(publicId: $publicId) { rewrites { rewriteId alternatives } } }",
      owner,
      { publicId },
    );
    expect(listed.story.rewrites).toEqual([
      { rewriteId: last.rewriteId, alternatives: last.alternatives },
    ]);
  });

  it("revises from a reader's note; the note's author sees it shaped the story; others are refused", async () => {
    const owner = await token("reviser");
    const reader = await token("noter");
    const publicId = await publishStory(bff.url, owner, "The Lamp");
    const story = await storyOf(publicId, owner);
    const paragraph = story.content.chapters[0]?.paragraphs[0] ?? "";
    const note = await ok(
      "mutation($input: AddCommentInput!) { addComment(input: $input) { id } }",
      reader,
      {
        input: {
          storyId: story.id,
          content: "Slow this down.",
          location: { start: 0, end: Math.min(12, paragraph.length) },
        },
      },
    );
    const noteId = note.addComment.id as string;
    const refused = await graphql(
      bff.url,
      "mutation($id: ID!, $noteIds: [ID!]!) { reviseFromNotes(id: $id, noteIds: $noteIds) { id } }",
      { token: reader, variables: { id: story.id, noteIds: [noteId] } },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const started = await ok(
      `mutation($id: ID!, $noteIds: [ID!]!) { reviseFromNotes(id: $id, noteIds: $noteIds) { ${FIELDS} } }`,
      owner,
      { id: story.id, noteIds: [noteId] },
    );
    expect(started.reviseFromNotes).toMatchObject({ instruction: "NOTES", noteIds: [noteId] });
    const last = (await follow(story.id, started.reviseFromNotes.rewriteId, owner)).at(
      -1,
    ) as Rewrite;
    await ok(
      "mutation($id: ID!, $rewriteId: ID!) { keepRewrite(id: $id, rewriteId: $rewriteId, alternative: 0) { rewrite { status } } }",
      owner,
      { id: story.id, rewriteId: last.rewriteId },
    );
    const notes = await ok(
      "query($publicId: ID!) { story(publicId: $publicId) { comments { id shapedStory } } }",
      reader,
      { publicId },
    );
    expect(notes.story.comments).toEqual([{ id: noteId, shapedStory: true }]);
  });
});
