import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";

// Pictures in object storage seen through the BFF (docs/decisions/028): an api process configured
// with a bucket on s3rver (in this process, a free port, its own temp dir). A listed story's
// pictures are the bucket's public URLs, passed through as they are; a private story's stay the
// BFF's same-origin /media/<id>, streamed from the api after its check.

const BUCKET = "storyloom-pictures";

let s3: S3rver;
let s3Dir: string;
let bucketUrl: string;
let api: ApiProcess;
let bff: Bff;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), "storyloom-bff-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  bucketUrl = `http://127.0.0.1:${port}/${BUCKET}`;
  api = await startApi({
    STORY_WRITER_PACE_MS: "0",
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_REGION: "us-east-1",
    MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    MEDIA_S3_FORCE_PATH_STYLE: "on",
    MEDIA_S3_ACCESS_KEY_ID: "S3RVER",
    MEDIA_S3_SECRET_ACCESS_KEY: "S3RVER",
    MEDIA_PUBLIC_BASE_URL: bucketUrl,
  });
  bff = await startBff(api.url);
}, 60_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const PICTURES = "status headerImageUrl images { id role url }";

interface Story {
  status: string;
  headerImageUrl: string | null;
  images: Array<{ id: string; role: string; url: string }>;
}

async function readStory(publicId: string, token?: string): Promise<Story | null> {
  const body = await graphql(
    bff.url,
    `query S($publicId: ID!) { story(publicId: $publicId) { ${PICTURES} } }`,
    { token, variables: { publicId } },
  );
  expect(body.errors).toBeUndefined();
  return body.data?.story as Story | null;
}

async function change(token: string, field: string, id: string, extra = "") {
  const head = extra ? `($id: ID!, $isPublic: Boolean!)` : `($id: ID!)`;
  const args = extra ? `id: $id, isPublic: $isPublic` : `id: $id`;
  const body = await graphql(bff.url, `mutation M${head} { ${field}(${args}) { status } }`, {
    token,
    variables: extra ? { id, isPublic: extra === "public" } : { id },
  });
  expect(body.errors).toBeUndefined();
}

describe("pictures in object storage through the BFF", () => {
  it("a listed story's pictures are CDN URLs with long cache headers; private ones stay behind /media", async () => {
    const { idToken: token } = await signUp(inject("authEmulatorHost"), uniqueEmail("s3author"));
    const started = await graphql(
      bff.url,
      `
        mutation Start($input: StartStoryGenerationInput!) {
          startStoryGeneration(input: $input) {
            id
            publicId
          }
        }
      `,
      { token, variables: { input: { title: "The Bucket", outline: "A keeper and a storm." } } },
    );
    expect(started.errors).toBeUndefined();
    const { id, publicId } = started.data?.startStoryGeneration as { id: string; publicId: string };
    let ready: Story | null = null;
    const deadline = Date.now() + 20_000;
    while (ready?.status !== "READY_FOR_REVIEW") {
      if (Date.now() > deadline) throw new Error(`story still ${ready?.status}`);
      ready = await readStory(publicId, token);
      if (ready?.status !== "READY_FOR_REVIEW") await new Promise((done) => setTimeout(done, 50));
    }

    // Private: the BFF's same-origin path, the owner's token needed.
    const cover = ready.images.find((image) => image.role === "COVER");
    expect(cover?.url).toBe(`/media/${cover?.id}`);
    const own = await fetch(`${bff.url}${cover?.url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/svg+xml");
    expect(own.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(await own.text()).toContain("<svg");
    expect((await fetch(`${bff.url}${cover?.url}`)).status).toBe(404);

    await change(token, "confirmStory", id);
    await change(token, "setStoryVisibility", id, "public");
    const listed = await readStory(publicId);
    // A visitor is not premium: the cover alone, at its CDN address; illustrations never have one
    // (docs/decisions/030).
    expect(listed?.images.map((image) => image.role)).toEqual(["COVER"]);
    expect(listed?.images[0]?.url.startsWith(`${bucketUrl}/public/`)).toBe(true);
    // The author's illustrations: signed same-origin URLs that work without a token, as an <img>.
    const owners = (await readStory(publicId, token))!.images.filter((i) => i.role === "CHAPTER");
    expect(owners.length).toBeGreaterThan(0);
    for (const image of owners) {
      expect(image.url).toMatch(/^\/media\/[\w-]+\?exp=\d+&sig=[\w-]{43}$/);
      const signed = await fetch(`${bff.url}${image.url}`);
      expect(signed.status).toBe(200);
      expect(signed.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      expect((await fetch(`${bff.url}/media/${image.id}`)).status).toBe(404);
      const forged = image.url.replace(/sig=./, (start) => (start === "sig=A" ? "sig=B" : "sig=A"));
      expect((await fetch(`${bff.url}${forged}`)).status).toBe(404);
    }
    expect(listed?.headerImageUrl).toBe(listed?.images.find((i) => i.role === "COVER")?.url);
    const fromCdn = await fetch(listed!.headerImageUrl!);
    expect(fromCdn.status).toBe(200);
    expect(fromCdn.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await fromCdn.text()).toContain("<svg");

    // The home page's cards name the same URL.
    const cards = await graphql(
      bff.url,
      `
        {
          stories(first: 20) {
            edges {
              node {
                publicId
                headerImageUrl
              }
            }
          }
        }
      `,
    );
    expect(cards.errors).toBeUndefined();
    const edges = (
      cards.data?.stories as {
        edges: Array<{ node: { publicId: string; headerImageUrl: string } }>;
      }
    ).edges;
    expect(edges.find((edge) => edge.node.publicId === publicId)?.node.headerImageUrl).toBe(
      listed?.headerImageUrl,
    );

    // Private again: the public URL is gone, the owner's path is back.
    await change(token, "setStoryVisibility", id, "private");
    expect((await fetch(listed!.headerImageUrl!)).status).toBe(404);
    const again = await readStory(publicId, token);
    expect(again?.headerImageUrl).toBe(`/media/${cover?.id}`);
  });
});
