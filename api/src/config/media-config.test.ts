import { describe, expect, it } from "vitest";
import { ConfigError, loadApiConfig } from "./api-config.js";

// Where pictures live (docs/decisions/028): the database by default, a bucket when MEDIA_S3_BUCKET
// is set; a partial or wrong set stops start-up with one line naming the variable.

const R2 = {
  MEDIA_S3_BUCKET: "storyloom-pictures",
  MEDIA_S3_REGION: "auto",
  MEDIA_S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com",
  MEDIA_S3_ACCESS_KEY_ID: "key-id",
  MEDIA_S3_SECRET_ACCESS_KEY: "secret",
  MEDIA_PUBLIC_BASE_URL: "https://pictures.example.com/",
};

const refusal = (env: Record<string, string>) => {
  try {
    loadApiConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("accepted");
};

describe("the pictures' storage configuration", () => {
  it("keeps pictures in the database when nothing is set", () => {
    expect(loadApiConfig({}).mediaStorage).toBeNull();
  });

  it("reads a whole bucket's settings", () => {
    expect(loadApiConfig({ ...R2, MEDIA_S3_FORCE_PATH_STYLE: "ON" }).mediaStorage).toEqual({
      bucket: "storyloom-pictures",
      region: "auto",
      endpoint: "https://0123abcd.r2.cloudflarestorage.com",
      forcePathStyle: true,
      credentials: { accessKeyId: "key-id", secretAccessKey: "secret" },
      publicBaseUrl: "https://pictures.example.com",
    });
  });

  it("leaves credentials to the AWS SDK's chain and the public URL unset when not given", () => {
    expect(
      loadApiConfig({ MEDIA_S3_BUCKET: "pictures", MEDIA_S3_REGION: "eu-west-1" }).mediaStorage,
    ).toEqual({
      bucket: "pictures",
      region: "eu-west-1",
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      publicBaseUrl: null,
    });
  });

  it("refuses a partial set with one line naming what is missing", () => {
    expect(refusal({ MEDIA_S3_ENDPOINT: R2.MEDIA_S3_ENDPOINT })).toBe(
      "MEDIA_S3_ENDPOINT needs MEDIA_S3_BUCKET (pictures stay in the database without it)",
    );
    expect(refusal({ MEDIA_PUBLIC_BASE_URL: R2.MEDIA_PUBLIC_BASE_URL })).toBe(
      "MEDIA_PUBLIC_BASE_URL needs MEDIA_S3_BUCKET (pictures stay in the database without it)",
    );
    expect(refusal({ MEDIA_S3_BUCKET: "pictures" })).toBe(
      "MEDIA_S3_REGION must be set with MEDIA_S3_BUCKET (auto for Cloudflare R2 and Google Cloud Storage)",
    );
    const { MEDIA_S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = R2;
    expect(refusal(withoutSecret)).toBe(
      "MEDIA_S3_ACCESS_KEY_ID needs MEDIA_S3_SECRET_ACCESS_KEY (set both, or neither for the AWS SDK's credential chain)",
    );
    const { MEDIA_S3_ACCESS_KEY_ID: _id, ...withoutId } = R2;
    expect(refusal(withoutId)).toBe(
      "MEDIA_S3_SECRET_ACCESS_KEY needs MEDIA_S3_ACCESS_KEY_ID (set both, or neither for the AWS SDK's credential chain)",
    );
  });

  it("refuses wrong values without echoing a credential", () => {
    expect(refusal({ ...R2, MEDIA_S3_BUCKET: "Bad_Bucket" })).toMatch(
      /^MEDIA_S3_BUCKET must be a bucket name/,
    );
    expect(refusal({ ...R2, MEDIA_S3_ENDPOINT: "ftp://example.com" })).toBe(
      'MEDIA_S3_ENDPOINT must be an http(s) URL, got protocol "ftp:"',
    );
    const withPassword = refusal({ ...R2, MEDIA_S3_ENDPOINT: "https://user:hunter2@example.com" });
    expect(withPassword).toBe("MEDIA_S3_ENDPOINT must not contain credentials");
    expect(refusal({ ...R2, MEDIA_PUBLIC_BASE_URL: "pictures" })).toMatch(
      /^MEDIA_PUBLIC_BASE_URL must be an http\(s\) URL/,
    );
    expect(refusal({ ...R2, MEDIA_S3_FORCE_PATH_STYLE: "yes" })).toMatch(
      /^MEDIA_S3_FORCE_PATH_STYLE must be one of on, off/,
    );
  });
});
