import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { buildApp } from "./app.js";
import { loadApiConfig } from "./config/api-config.js";
import { schema } from "./platform/db/schema.js";
import type { IdentityProvider } from "./platform/identity/identity-provider.js";

/**
 * The OpenAPI document, built from the route schemas alone: the app gets a database that has no
 * connection and an identity provider that refuses everything, as no request is ever made.
 */
export async function openApiDocument(): Promise<unknown> {
  const refuse = () => Promise.reject(new Error("the OpenAPI dump makes no requests"));
  const identity: IdentityProvider = {
    verifyIdToken: refuse,
    deleteUser: refuse,
    close: async () => {},
  };
  // The documented defaults (e.g. COMMENT_FLAG_THRESHOLD) appear in route descriptions.
  const settings = loadApiConfig({});
  const app = await buildApp({ db: drizzle.mock({ schema }), identity, settings });
  await app.ready();
  const document = app.swagger();
  await app.close();
  return document;
}

export async function writeOpenApiDocument(outfile: string): Promise<void> {
  const document = await openApiDocument();
  await mkdir(path.dirname(path.resolve(outfile)), { recursive: true });
  await writeFile(outfile, `${JSON.stringify(document, null, 2)}\n`);
}
