import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { GRAPHQL_ERROR_CODES } from "@storyloom/common";
import fc from "fast-check";
import { isNonNullType } from "graphql";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { databaseChecksum } from "../../../scripts/lib/database-checksum.mjs";
import { createSchema } from "./schema.js";
import {
  familiesOf,
  operationsOf,
  type BadOperation,
  type GoodObjects,
} from "../testing/bad-operations.js";
import { startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";

/**
 * A notification job as it was asked for: its worker's progress (leases, attempts, done_at) moves
 * on its own while the api runs, whatever the requests under test do.
 */
const JOB_AS_ASKED = ["id", "kind", "dedupe_key", "payload", "created_at"];

// Bad input gets a clear refusal, never "service unavailable", and changes nothing
// (docs/decisions/015-input-validation-at-the-edge.md): generated bad requests at every Query and
// Mutation field of schema.graphql through the BFF to a real api, each with one thing wrong and
// the rest right, from a caller who may do anything the field does (a moderator who owns the
// stories).

/** Generated requests per field: over 600 on the schema's 31 fields. */
const RUNS_PER_FIELD = 20;

/** The codes a refusal may carry: every GraphQL code but the service's own trouble. */
const REFUSALS = GRAPHQL_ERROR_CODES.filter((code) => code !== "UPSTREAM_UNAVAILABLE");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "storyloom-bff-bad-input-"));
const apiEnv = { STORY_WRITER_PACE_MS: "0", DATA_DIR: dataDir };
const operations = operationsOf(createSchema());

let api: ApiProcess;
let bff: Bff;
let token: string;
const good = {} as GoodObjects;
/** The database's checksum once the stage is set, before any bad request. */
let before: Record<string, unknown>;

async function post(query: string, variables: Record<string, unknown>, authorization?: string) {
  const response = await fetch(`${bff.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization && { authorization }) },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: Array<{ message?: unknown; extensions?: { code?: unknown } }>;
    },
  };
}

async function ask(query: string, variables: Record<string, unknown> = {}, as = token) {
  const { body } = await post(query, variables, `Bearer ${as}`);
  if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  return body.data ?? {};
}

async function person(name: string) {
  const email = uniqueEmail(name);
  const { idToken } = await signUp(inject("authEmulatorHost"), email);
  await ask("{ viewer { id } }", {}, idToken);
  return { email, token: idToken };
}

/** A story of the caller's, written by the offline writer, waiting for review. */
async function storyInReview() {
  const started = await ask(
    `mutation { startStoryGeneration(input: { title: "The Lighthouse", outline: "A keeper and a storm." }) { id publicId } }`,
  );
  const story = started.startStoryGeneration as { id: string; publicId: string };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const read = await ask(`query S($p: ID!) { story(publicId: $p) { status } }`, {
      p: story.publicId,
    });
    if ((read.story as { status: string }).status === "READY_FOR_REVIEW") return story;
    if (Date.now() > deadline) throw new Error("the story was not written in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The api's database, read while no api runs (the embedded database has one user at a time). */
async function checksumOfStoppedApi(): Promise<Record<string, unknown>> {
  const database = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    // Every data table; not the rate-limit counters, which count refused requests too.
    const checksum = await databaseChecksum(
      async (statement) => (await database.query<Record<string, unknown>>(statement)).rows,
      { except: ["rate_limits"], columns: { notification_jobs: JOB_AS_ASKED } },
    );
    return await checksum();
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  api = await startApi(apiEnv);
  bff = await startBff(api.url);
  const owner = await person("owner");
  token = owner.token;
  const reader = await person("reader");
  good.ready = await storyInReview();
  good.completed = await storyInReview();
  await ask(`mutation C($id: ID!) { confirmStory(id: $id) { status } }`, { id: good.completed.id });
  await ask(`mutation V($id: ID!) { setStoryVisibility(id: $id, isPublic: true) { isPublic } }`, {
    id: good.completed.id,
  });
  const comment = await ask(
    `mutation A($input: AddCommentInput!) { addComment(input: $input) { id } }`,
    { input: { storyId: good.completed.id, content: "The storm was a nice touch." } },
    reader.token,
  );
  good.comment = (comment.addComment as { id: string }).id;
  // Roles are granted by the CLI, which needs the embedded database to itself.
  await bff.server.stop();
  await api.stop();
  await promisify(execFile)(
    process.execPath,
    [path.join(root, "api/dist/cli/user-role-main.js"), owner.email, "moderator"],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
  );
  before = await checksumOfStoppedApi();
  api = await startApi(apiEnv);
  bff = await startBff(api.url);
}, 120_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("bad input at every GraphQL operation", () => {
  it.each(operations.map((operation) => [`${operation.kind} ${operation.field.name}`, operation]))(
    "%s refuses bad input with a GraphQL error code other than UPSTREAM_UNAVAILABLE",
    async (_name, operation) => {
      const { field } = operation;
      const families = familiesOf(operation, good, token);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(...families.map((family) => family.operations)),
          async (bad: BadOperation) => {
            const { status, body } = await post(
              bad.query,
              bad.variables,
              bad.authorization ?? undefined,
            );
            const answer = `${bad.what} → ${status} ${JSON.stringify(body).slice(0, 400)}`;
            expect(status, answer).toBeLessThan(500);
            expect(body.data?.[field.name] ?? null, answer).toBeNull();
            // A story that cannot be found is null, as if it did not exist (schema.graphql).
            if (!body.errors && !isNonNullType(field.type)) return;
            expect(body.errors?.length, answer).toBeGreaterThan(0);
            for (const error of body.errors ?? []) {
              expect(REFUSALS, answer).toContain(error.extensions?.code);
              expect(error.message, answer).toEqual(expect.stringMatching(/\S/));
            }
          },
        ),
        { numRuns: RUNS_PER_FIELD },
      );
    },
  );

  // Last: the api's database once every bad request above was refused.
  it("leaves the api's database as it was", async () => {
    await bff.server.stop();
    await api.stop();
    try {
      expect(await checksumOfStoppedApi()).toEqual(before);
    } finally {
      api = await startApi(apiEnv);
      bff = await startBff(api.url);
    }
  }, 60_000);
});
