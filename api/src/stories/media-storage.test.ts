import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "../platform/storage/media-store.js";
import { storyMedia, users } from "../platform/db/schema.js";
import { startTestS3, type TestS3 } from "../testing/s3-server.js";
import { newPerson, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import {
  eventually,
  startWorkers,
  STORY_INPUT,
  storyRow,
  storyWithStatus,
  type TestWorkers,
} from "../testing/worker-test-kit.js";

// Pictures in an S3-compatible bucket (docs/decisions/028), against s3rver in this process: the
// art pipeline writes objects, the api serves private pictures after its check, listed stories'
// pictures get public copies with long cache headers, and every way pictures go removes objects.

let s3: TestS3;
let api: TestApi;
let workers: TestWorkers;
let owner: TestPerson;
let stranger: TestPerson;

beforeAll(async () => {
  s3 = await startTestS3();
  api = await startTestApi(undefined, { mediaStorage: s3.settings });
  workers = await startWorkers(api.database.db, { mediaStorage: s3.settings });
  [owner, stranger] = await Promise.all([newPerson(api, "owner"), newPerson(api, "stranger")]);
}, 30_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
  await s3?.close();
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (method: Method, url: string, person?: TestPerson, payload?: object) =>
  api.app.inject({ method, url, headers: person?.headers ?? {}, ...(payload ? { payload } : {}) });

interface StoryJson {
  header_image_url: string | null;
  images: Array<{ id: string; role: string; url: string }>;
}

const sha32 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

async function pictureRows(storyId: string) {
  return api.database.db
    .select({
      id: storyMedia.id,
      role: storyMedia.role,
      bytes: storyMedia.bytes,
      etag: storyMedia.etag,
      storageKey: storyMedia.storageKey,
      publicKey: storyMedia.publicKey,
    })
    .from(storyMedia)
    .where(eq(storyMedia.storyId, storyId));
}

/** A story written by the workers to review, as its owner sees it. */
async function writtenStory(person: TestPerson): Promise<{ publicId: string; storyId: string }> {
  const started = await call("POST", "/v1/stories/generate/start", person, STORY_INPUT);
  expect(started.statusCode).toBe(201);
  const { public_id: publicId } = started.json<{ public_id: string }>();
  const story = await storyWithStatus(api.database.db, publicId, "ready_for_review");
  return { publicId, storyId: story.id };
}

async function listedStory(person: TestPerson) {
  const written = await writtenStory(person);
  expect((await call("POST", `/v1/stories/${written.publicId}/confirm`, person)).statusCode).toBe(
    200,
  );
  const made = await call("PATCH", `/v1/stories/${written.publicId}`, person, { is_public: true });
  expect(made.statusCode).toBe(200);
  return { ...written, json: made.json<StoryJson>() };
}

describe("pictures in object storage", () => {
  it("the art pipeline puts every picture in the bucket; the rows keep keys, not bytes", async () => {
    const { storyId } = await writtenStory(owner);
    const rows = await pictureRows(storyId);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.bytes).toBeNull();
      expect(row.storageKey).toMatch(new RegExp(`^stories/${storyId}/${row.id}\\.svg$`));
      expect(row.publicKey).toBeNull();
    }
    const keys = await s3.keys();
    for (const row of rows) expect(keys).toContain(row.storageKey);
  });

  it("serves a private story's pictures from the bucket to its owner only", async () => {
    const { publicId, storyId } = await writtenStory(owner);
    const json = (await call("GET", `/v1/stories/${publicId}`, owner)).json<StoryJson>();
    expect(json.images.length).toBeGreaterThan(0);
    const row = (await pictureRows(storyId)).find((picture) => picture.role === "cover");
    const url = `/v1/media/${row!.id}`;
    expect(json.images.map((image) => image.url)).toContain(url);
    expect(json.header_image_url).toMatch(/^\/v1\/media\//);

    const mine = await call("GET", url, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/svg+xml");
    expect(mine.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(sha32(mine.rawPayload)).toBe(row!.etag);
    expect(mine.rawPayload.toString("utf8")).toContain("<svg");

    for (const person of [stranger, undefined]) {
      const refused = await call("GET", url, person);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: "NOT_FOUND", detail: "Picture not found." });
    }
  });

  it("gives a listed story's cover a public, cacheable URL, its illustrations none; made private, it is gone", async () => {
    const { publicId, storyId, json } = await listedStory(owner);
    const publicBase = `${s3.bucketUrl}/public/${storyId}/`;
    expect(json.images.length).toBeGreaterThan(1);
    for (const image of json.images) {
      // Illustrations are not everyone's (docs/decisions/030): the api's signed URL only.
      if (image.role === "cover") expect(image.url.startsWith(publicBase)).toBe(true);
      else expect(image.url).toMatch(/^\/v1\/media\/[\w-]+\?exp=\d+&sig=/);
    }
    expect(json.header_image_url?.startsWith(publicBase)).toBe(true);
    expect((await s3.keys()).filter((key) => key.startsWith(`public/${storyId}/`))).toHaveLength(1);

    // What every reader gets: the story (its cover: no reader here is premium), the newest list's card.
    const read = (await call("GET", `/v1/stories/${publicId}`)).json<StoryJson>();
    expect(read.images.map((image) => image.url)).toEqual([json.header_image_url]);
    const newest = (await call("GET", "/v1/stories?sort=newest&size=50")).json<{
      items: Array<StoryJson & { public_id: string }>;
    }>();
    const card = newest.items.find((item) => item.public_id === publicId);
    expect(card?.header_image_url).toBe(json.header_image_url);

    // The bucket's public URL answers with the bytes and the long-lived cache headers.
    const rows = await pictureRows(storyId);
    const fetched = await fetch(json.header_image_url!);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(fetched.headers.get("content-type")).toBe("image/svg+xml");
    const bytes = new Uint8Array(await fetched.arrayBuffer());
    expect(rows.map((row) => row.etag)).toContain(sha32(bytes));

    const hidden = await call("PATCH", `/v1/stories/${publicId}`, owner, { is_public: false });
    expect(hidden.statusCode).toBe(200);
    const after = hidden.json<StoryJson>();
    for (const image of after.images) expect(image.url).toMatch(/^\/v1\/media\//);
    expect((await fetch(json.header_image_url!)).status).toBe(404);
    expect((await s3.keys()).filter((key) => key.startsWith(`public/${storyId}/`))).toEqual([]);
    expect((await pictureRows(storyId)).every((row) => row.publicKey === null)).toBe(true);
    // Still the owner's, through the api.
    expect((await call("GET", after.header_image_url!, owner)).statusCode).toBe(200);
    expect((await call("GET", after.header_image_url!)).statusCode).toBe(404);
  });

  it("a moderator's rejection takes a story's public copies down; an approval puts them back", async () => {
    const moderator = await newPerson(api, "moderator");
    await api.database.db
      .update(users)
      .set({ roles: ["moderator"] })
      .where(eq(users.id, moderator.id));
    const { publicId, storyId, json } = await listedStory(owner);
    const publicKeys = async () =>
      (await s3.keys()).filter((key) => key.startsWith(`public/${storyId}/`));
    // The cover's copy only: illustrations never have one (docs/decisions/030).
    expect(await publicKeys()).toHaveLength(1);

    const rejected = await call(
      "POST",
      `/v1/admin/stories/${publicId}/reject?reason=Spam`,
      moderator,
    );
    expect(rejected.statusCode).toBe(200);
    expect(await publicKeys()).toEqual([]);
    expect((await fetch(json.header_image_url!)).status).toBe(404);

    const approved = await call("POST", `/v1/admin/stories/${publicId}/approve`, moderator);
    expect(approved.statusCode).toBe(200);
    expect(await publicKeys()).toHaveLength(1);
    const again = approved.json<StoryJson>();
    expect(again.header_image_url).toBe(json.header_image_url);
    expect((await fetch(again.header_image_url!)).status).toBe(200);
  });

  it("new pictures replace the old objects, public copies included", async () => {
    const { publicId, storyId } = await listedStory(owner);
    const before = await pictureRows(storyId);
    const asked = await call("POST", `/v1/stories/${publicId}/regenerate_art`, owner, {
      album_art_only: false,
    });
    expect(asked.statusCode).toBe(202);
    const after = await eventually(async () => {
      const rows = await pictureRows(storyId);
      const fresh = rows.every((row) => !before.some((old) => old.id === row.id));
      const cover = rows.find((row) => row.role === "cover");
      return fresh && cover?.publicKey != null ? rows : undefined;
    }, "the new pictures and the cover's public copy");
    // Illustrations keep no public copy (docs/decisions/030).
    expect(after.filter((row) => row.role !== "cover").every((row) => row.publicKey === null)).toBe(
      true,
    );
    const keys = (await s3.keys()).filter((key) => key.includes(`/${storyId}/`)).sort();
    expect(keys).toEqual(
      after.flatMap((row) => [row.storageKey!, ...(row.publicKey ? [row.publicKey] : [])]).sort(),
    );
  });

  it("discarding a story removes its objects", async () => {
    const { publicId, storyId } = await listedStory(owner);
    expect((await s3.keys()).some((key) => key.includes(`/${storyId}/`))).toBe(true);
    const discarded = await call("DELETE", `/v1/stories/${publicId}/discard`, owner);
    expect(discarded.statusCode).toBe(200);
    expect((await s3.keys()).filter((key) => key.includes(`/${storyId}/`))).toEqual([]);
    expect(await pictureRows(storyId)).toEqual([]);
  });

  it("deleting an account removes its stories' objects", async () => {
    const leaving = await newPerson(api, "leaving");
    const { storyId } = await listedStory(leaving);
    const other = await writtenStory(leaving);
    const deleted = await call("DELETE", "/v1/auth/delete-account", leaving);
    expect(deleted.statusCode).toBe(204);
    const left = (await s3.keys()).filter(
      (key) => key.includes(`/${storyId}/`) || key.includes(`/${other.storyId}/`),
    );
    expect(left).toEqual([]);
  });

  it("keeps a change the bucket could not follow, says so, and finishes it on the next action", async () => {
    const { publicId, storyId, json } = await listedStory(owner);
    await s3.stop();
    try {
      const hidden = await call("PATCH", `/v1/stories/${publicId}`, owner, { is_public: false });
      expect(hidden.statusCode).toBe(503);
      expect(hidden.json()).toMatchObject({
        code: "UNAVAILABLE",
        detail:
          "The change was saved, but the story's pictures could not be updated. Please try again.",
      });
      expect((await storyRow(api.database.db, publicId)).isPublic).toBe(false);
      // Not listed: nobody is given the public URL any more, even while the copy is still there.
      expect((await call("GET", `/v1/stories/${publicId}`)).statusCode).toBe(404);
      const own = (await call("GET", `/v1/stories/${publicId}`, owner)).json<StoryJson>();
      expect(own.images.every((image) => image.url.startsWith("/v1/media/"))).toBe(true);
    } finally {
      await s3.resume();
    }
    // The copies outlived the outage; the owner's next action (here one the status refuses) ends them.
    expect((await fetch(json.header_image_url!)).status).toBe(200);
    const refused = await call("POST", `/v1/stories/${publicId}/confirm`, owner);
    expect(refused.statusCode).toBe(409);
    expect((await fetch(json.header_image_url!)).status).toBe(404);
    expect((await s3.keys()).filter((key) => key.startsWith(`public/${storyId}/`))).toEqual([]);
  });

  it("a failed upload is retried, then fails the story with a reason the owner sees", async () => {
    await workers.stop();
    const broken = await startWorkers(api.database.db, {
      mediaStorage: { ...s3.settings, bucket: "no-such-bucket" },
      config: { workers: 1, leaseSeconds: 30, maxAttempts: 2 },
    });
    try {
      const started = await call("POST", "/v1/stories/generate/start", owner, STORY_INPUT);
      const { public_id: publicId } = started.json<{ public_id: string }>();
      const failed = await storyWithStatus(api.database.db, publicId, "error");
      expect(failed.error).toBe(
        "Story generation failed after 2 attempts: the pictures could not be stored.",
      );
      // The outcome is told just after the row is written.
      const outcomes = await eventually(() => {
        const ended = broken.outcomes.filter((o) => o.publicId === publicId);
        return ended.length === 2 ? ended.map((o) => o.outcome) : undefined;
      }, "both attempts to end");
      expect(outcomes).toEqual(["retrying", "failed"]);
      expect(await pictureRows(failed.id)).toEqual([]);
      expect((await storyRow(api.database.db, publicId)).statusMessage).toBe(failed.error);
    } finally {
      await broken.stop();
    }
  });
});
