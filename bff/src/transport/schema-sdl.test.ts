// The schema's SDL at GET /graphql/schema.graphql (docs/graphql.md), for other clients' tools:
// the schema the server runs, in production too, where introspection is off.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSchema, printSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBff, type Bff } from "../testing/stack.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

let bff: Bff;
beforeAll(async () => {
  bff = await startBff("http://127.0.0.1:9", {
    NODE_ENV: "production",
    TRUSTED_PROXIES: "none",
    FIREBASE_API_KEY: "key",
    FIREBASE_PROJECT_ID: "storyloom-prod",
    FIREBASE_AUTH_EMULATOR_HOST: "",
  });
});
afterAll(() => bff?.server.stop());

describe("the schema's SDL at a URL", () => {
  it("serves the repository's schema.graphql, descriptions included, as plain text", async () => {
    const response = await fetch(`${bff.url}/graphql/schema.graphql`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const sdl = await response.text();
    const committed = readFileSync(path.join(root, "schema.graphql"), "utf8");
    expect(printSchema(buildSchema(sdl))).toBe(printSchema(buildSchema(committed)));
    expect(sdl).toContain('"""');
  });

  it("leaves other paths under /graphql to GraphQL", async () => {
    const response = await fetch(`${bff.url}/graphql/schema.json`);
    expect(response.status).not.toBe(200);
  });
});
