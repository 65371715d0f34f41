// The schema's stability check (docs/graphql.md#stability): what passes and what fails against
// the baseline, and the committed schema itself.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { schemaChanges } from "./lib/schema-changes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const baseline = `
  type Query {
    "A story."
    story(publicId: ID!): Story
  }
  type Story {
    title: String!
    oldTitle: String @deprecated(reason: "Use title.")
    status: Status!
  }
  enum Status { DRAFT DONE }
`;

describe("breaking changes against the baseline schema", () => {
  it("a new field, a new optional argument and a new description are not breaking", async () => {
    const { changes, breaking } = await schemaChanges(
      baseline,
      baseline
        .replace("title: String!", '"The title."\n    title: String!\n    subtitle: String')
        .replace("story(publicId: ID!)", "story(publicId: ID!, preview: Boolean)"),
    );
    expect(changes.length).toBeGreaterThanOrEqual(3);
    expect(breaking).toEqual([]);
  });

  it("removing a field that was not deprecated is breaking and named", async () => {
    const { breaking } = await schemaChanges(baseline, baseline.replace("title: String!", ""));
    expect(breaking.map((change) => change.message)).toEqual([
      "Field 'title' was removed from object type 'Story'",
    ]);
  });

  it("removing a field the baseline deprecated keeps the promise and passes", async () => {
    const { breaking } = await schemaChanges(
      baseline,
      baseline.replace('oldTitle: String @deprecated(reason: "Use title.")', ""),
    );
    expect(breaking).toEqual([]);
  });

  it("a new required argument, a narrower type and a removed enum value are breaking", async () => {
    const { breaking } = await schemaChanges(
      baseline,
      baseline
        .replace("story(publicId: ID!)", "story(publicId: ID!, lang: String!)")
        .replace("status: Status!", "status: Int!")
        .replace("DRAFT DONE", "DONE"),
    );
    expect(breaking).toHaveLength(3);
  });

  it("the committed schema.graphql breaks nothing of schema.baseline.graphql", async () => {
    const { breaking } = await schemaChanges(
      readFileSync(path.join(root, "schema.baseline.graphql"), "utf8"),
      readFileSync(path.join(root, "schema.graphql"), "utf8"),
    );
    expect(breaking).toEqual([]);
  });
});
