import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { MediaStorageSettings } from "../platform/storage/media-store.js";

// A local S3-compatible server (s3rver) in the test process, on a free port, with its own temp
// directory: what the api's object storage is tested against (docs/decisions/028).

export const TEST_BUCKET = "storyloom-pictures";

export interface TestS3 {
  /** MEDIA_S3_* as a deployment would set them, MEDIA_PUBLIC_BASE_URL the bucket's own URL. */
  settings: MediaStorageSettings;
  /** The bucket's URL: an object's is `${bucketUrl}/${key}`. */
  bucketUrl: string;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops answering (an outage), then comes back on the same port with the same objects. */
  stop(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "storyloom-s3-"));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: "127.0.0.1",
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
    const address = (await server.run()) as { port: number };
    return { server, port: address.port };
  };
  let running: S3rver | null;
  const first = await serve(0);
  running = first.server;
  const { port } = first;
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketUrl = `${endpoint}/${TEST_BUCKET}`;
  return {
    settings: {
      bucket: TEST_BUCKET,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      // s3rver's built-in account.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      publicBaseUrl: bucketUrl,
    },
    bucketUrl,
    async keys() {
      // s3rver keeps each object as <key>._S3rver_object beside its metadata.
      const root = path.join(directory, TEST_BUCKET);
      const files = await readdir(root, { recursive: true });
      return files
        .filter((file) => file.endsWith("._S3rver_object"))
        .map((file) => file.slice(0, -"._S3rver_object".length).split(path.sep).join("/"))
        .sort();
    },
    async stop() {
      await running?.close();
      running = null;
    },
    async resume() {
      running = (await serve(port)).server;
    },
    async close() {
      await running?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
