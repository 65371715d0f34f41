import { ConfigError, Env } from "@storyloom/common/env";
import type { Static, TObject } from "typebox";
import type { MediaStorageSettings } from "../platform/storage/media-store.js";

// Where pictures live, part of the api's one schema (api-config.ts): in the database (the default)
// or in any S3-compatible bucket when MEDIA_S3_BUCKET is set (docs/decisions/028).

/** An http(s) URL without credentials, query or fragment; never echoed when unparsable. */
function httpUrlProblem(example: string) {
  return (raw: string): string | null => {
    if (!URL.canParse(raw))
      return `must be an http(s) URL such as ${example} (it could not be parsed)`;
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return `must be an http(s) URL, got protocol "${url.protocol}"`;
    }
    if (url.username || url.password) return "must not contain credentials";
    if (url.search || url.hash) return `must not have a query or fragment, got "${raw}"`;
    return null;
  };
}

export const MediaEnvProperties = {
  MEDIA_S3_BUCKET: Env.optional(
    Env.text({
      pattern: "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$",
      must: "a bucket name (3-63 lower-case letters, digits, dots and hyphens)",
      description: "S3-compatible bucket for pictures; unset: pictures stay in the database",
    }),
  ),
  MEDIA_S3_REGION: Env.optional(
    Env.text({
      pattern: "^[a-z0-9-]+$",
      must: "a region name such as us-east-1 or auto",
      unset: "needed with a bucket",
      description: "the bucket's region (`auto` for Cloudflare R2 and Google Cloud Storage)",
    }),
  ),
  MEDIA_S3_ENDPOINT: Env.optional(
    Env.text({
      unset: "AWS S3",
      description: "the S3 API's URL for another provider than AWS (R2, GCS, MinIO)",
      problem: httpUrlProblem("https://<account>.r2.cloudflarestorage.com"),
    }),
  ),
  MEDIA_S3_FORCE_PATH_STYLE: Env.oneOf(["on", "off"] as const, {
    default: "off",
    lowerCase: true,
    description:
      "`on`: the bucket in the URL's path, not its host name (MinIO, most local servers)",
  }),
  MEDIA_S3_ACCESS_KEY_ID: Env.optional(
    Env.text({
      description:
        "access key id, set with its secret; neither: the AWS SDK's chain (`AWS_ACCESS_KEY_ID`…, `AWS_PROFILE`, an instance role)",
    }),
  ),
  MEDIA_S3_SECRET_ACCESS_KEY: Env.optional(
    Env.text({ description: "secret of `MEDIA_S3_ACCESS_KEY_ID`; never logged" }),
  ),
  MEDIA_PUBLIC_BASE_URL: Env.optional(
    Env.text({
      description:
        "URL where the bucket's `public/` keys are served (a CDN); unset: the api serves every picture",
      problem: httpUrlProblem("https://pictures.example.com"),
    }),
  ),
};

type MediaVars = Static<TObject<typeof MediaEnvProperties>>;

/** The storage settings, or null when pictures stay in the database. A partial set is refused. */
export function mediaStorageSettings(vars: MediaVars): MediaStorageSettings | null {
  const bucket = vars.MEDIA_S3_BUCKET;
  if (bucket === undefined) {
    const stray = (
      [
        "MEDIA_S3_REGION",
        "MEDIA_S3_ENDPOINT",
        "MEDIA_S3_ACCESS_KEY_ID",
        "MEDIA_S3_SECRET_ACCESS_KEY",
        "MEDIA_PUBLIC_BASE_URL",
      ] as const
    ).find((name) => vars[name] !== undefined);
    if (stray !== undefined) {
      throw new ConfigError(
        `${stray} needs MEDIA_S3_BUCKET (pictures stay in the database without it)`,
      );
    }
    return null;
  }
  if (vars.MEDIA_S3_REGION === undefined) {
    throw new ConfigError(
      "MEDIA_S3_REGION must be set with MEDIA_S3_BUCKET (auto for Cloudflare R2 and Google Cloud Storage)",
    );
  }
  const keyId = vars.MEDIA_S3_ACCESS_KEY_ID;
  const secret = vars.MEDIA_S3_SECRET_ACCESS_KEY;
  if ((keyId === undefined) !== (secret === undefined)) {
    throw new ConfigError(
      keyId === undefined
        ? "MEDIA_S3_SECRET_ACCESS_KEY needs MEDIA_S3_ACCESS_KEY_ID (set both, or neither for the AWS SDK's credential chain)"
        : "MEDIA_S3_ACCESS_KEY_ID needs MEDIA_S3_SECRET_ACCESS_KEY (set both, or neither for the AWS SDK's credential chain)",
    );
  }
  return {
    bucket,
    region: vars.MEDIA_S3_REGION,
    endpoint: vars.MEDIA_S3_ENDPOINT ?? null,
    forcePathStyle: vars.MEDIA_S3_FORCE_PATH_STYLE === "on",
    credentials:
      keyId !== undefined && secret !== undefined
        ? { accessKeyId: keyId, secretAccessKey: secret }
        : null,
    publicBaseUrl: vars.MEDIA_PUBLIC_BASE_URL?.replace(/\/+$/, "") ?? null,
  };
}
