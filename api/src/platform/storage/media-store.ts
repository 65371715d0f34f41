import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

// Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, Google Cloud Storage's
// interoperability mode, MinIO) through the official SDK (docs/decisions/028). The bucket holds
// two shares of keys:
//   stories/<storyId>/<mediaId>.<ext>            every picture; never readable without credentials
//   public/<storyId>/<mediaId>-<etag>.<ext>     a copy of each picture of a listed story, served
//                                               by a CDN at MEDIA_PUBLIC_BASE_URL; deleted when
//                                               the story stops being listed
// Both are immutable: a picture's bytes never change (a new picture gets a new id).

export interface MediaStorageSettings {
  bucket: string;
  /** `auto` for Cloudflare R2 and Google Cloud Storage. */
  region: string;
  /** The S3 API's URL for another provider than AWS; null: AWS S3. */
  endpoint: string | null;
  /** The bucket in the URL's path rather than its host name (MinIO, local servers). */
  forcePathStyle: boolean;
  /** Null: the AWS SDK's credential chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Where the bucket's public/ keys are served (no trailing slash); null: no public copies. */
  publicBaseUrl: string | null;
}

/** The cache headers of a public copy: its key names one picture's bytes for ever. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=31536000, immutable";

const EXTENSIONS: Record<string, string> = {
  "image/svg+xml": "svg",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};

const extensionOf = (contentType: string) => EXTENSIONS[contentType.toLowerCase()] ?? "bin";

/** What a picture's keys are made of. */
export interface PictureName {
  storyId: string;
  id: string;
  etag: string;
  contentType: string;
}

export class MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  readonly publicBaseUrl: string | null;

  constructor(settings: MediaStorageSettings) {
    this.bucket = settings.bucket;
    this.publicBaseUrl = settings.publicBaseUrl;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
      ...(settings.credentials === null ? {} : { credentials: settings.credentials }),
      // R2 and GCS refuse the newer default checksums on some calls; ask for them only when needed.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  /** The key every picture is stored under. */
  static storageKey(picture: PictureName): string {
    return `stories/${picture.storyId}/${picture.id}.${extensionOf(picture.contentType)}`;
  }

  /** The key of a listed story's picture's public copy. */
  static publicKey(picture: PictureName): string {
    return `public/${picture.storyId}/${picture.id}-${picture.etag}.${extensionOf(picture.contentType)}`;
  }

  /** Where a public key is served, or null without MEDIA_PUBLIC_BASE_URL. */
  publicUrlOf(key: string): string | null {
    return this.publicBaseUrl === null ? null : `${this.publicBaseUrl}/${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: "private, max-age=31536000, immutable",
      }),
    );
  }

  /** Copies a stored picture to its public key, with the headers a CDN keeps it by. */
  async publish(storageKey: string, publicKey: string, contentType: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: publicKey,
        CopySource: `${this.bucket}/${storageKey.split("/").map(encodeURIComponent).join("/")}`,
        MetadataDirective: "REPLACE",
        ContentType: contentType,
        CacheControl: PUBLIC_CACHE_CONTROL,
      }),
    );
  }

  /**
   * A stored picture's bytes, or null when the key is gone. Read whole: pictures are small (an
   * illustrator's SVG or PNG), and the api answers them with a Content-Length.
   */
  async read(key: string): Promise<Uint8Array | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return answer.Body ? await answer.Body.transformToByteArray() : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  /**
   * Deletes keys one request each (Google Cloud Storage's interoperability mode has no
   * multi-object delete); deleting a missing key succeeds.
   */
  async remove(keys: readonly string[]): Promise<void> {
    await settled(
      keys.map((key) =>
        this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
      ),
    );
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * Waits for every call, then throws the first failure: nothing is left in flight (retrying in the
 * SDK) when the caller acts on the failure.
 */
export async function settled(calls: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const results = await Promise.allSettled(calls);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}
