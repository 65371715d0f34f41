import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  parse,
  type GraphQLNamedType,
  type GraphQLSchema,
} from "graphql";
import { describe, expect, it } from "vitest";
import { FIRST_DATA_DOCUMENTS } from "../__generated__/first-data-documents.js";
import { publicReadFields } from "../transport/visitor-cache/cacheability.js";
import {
  LAID_OVER_FIELDS,
  laidOver,
  PER_VIEWER_FIELDS,
  SHARED_FIELDS,
  sharedWithMembers,
} from "./audience.js";
import { createSchema } from "./schema.js";
import type { ViewerState } from "../upstream/viewer-states.js";

// Which fields a member may be answered from a shared answer (docs/decisions/043).

const schema = createSchema();
const shared = (text: string) => sharedWithMembers(schema, parse(text));

/** Every field a public read reaches through fields a shared answer may hold, as Type.field. */
function reachableFields(from: GraphQLSchema, roots: ReadonlySet<string>): Set<string> {
  const fields = new Set<string>();
  const seen = new Set<string>();
  const queryFields = from.getQueryType()?.getFields() ?? {};
  const queue: GraphQLNamedType[] = [...roots].map((root) => getNamedType(queryFields[root]!.type));
  while (queue.length > 0) {
    const type = queue.pop()!;
    if (seen.has(type.name) || !(isObjectType(type) || isInterfaceType(type))) continue;
    seen.add(type.name);
    for (const field of Object.values(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      fields.add(coordinate);
      // A per-viewer field's document is never shared: what lies below it needs no decision.
      if (!PER_VIEWER_FIELDS.has(coordinate)) queue.push(getNamedType(field.type));
    }
  }
  return fields;
}

describe("members and shared answers", () => {
  it("shares documents whose fields are all shared or laid over, fragments included", () => {
    expect(
      shared("{ stories { edges { node { title viewerHasBookmarked viewerIsAuthor } } } }"),
    ).toBe(true);
    expect(
      shared("{ trendingStories { id viewerCanComment author { username } price { formatted } } }"),
    ).toBe(true);
    expect(
      shared("{ stories { edges { node { ...F } } } } fragment F on Story { title __typename }"),
    ).toBe(true);
    // The cards' "New chapter" (docs/product.md#story-cards) is laid over, not private.
    expect(shared("{ stories { edges { node { title newChapter } } } }")).toBe(true);
  });

  it("lays each member's own state over the marked fields, a story left out keeping false", () => {
    const node = (publicId: string) => ({
      publicId,
      newChapter: false,
      viewerHasBookmarked: false,
      viewerIsAuthor: false,
    });
    const data = { stories: { edges: [{ node: node("a") }, { node: node("b") }] } };
    const marks = ["a", "b"].flatMap((publicId, index) =>
      (
        [
          ["newChapter", "newChapter"],
          ["viewerHasBookmarked", "bookmarked"],
          ["viewerIsAuthor", "authored"],
        ] as const
      ).map(([key, field]) => ({
        path: ["stories", "edges", index, "node", key],
        publicId,
        field,
      })),
    );
    const states = new Map([["a", { isBookmarked: false, isOwner: false, newChapter: true }]]);
    const body = Buffer.from(JSON.stringify({ data }));
    const answer = (given: ReadonlyMap<string, ViewerState>) =>
      JSON.parse(laidOver(body, marks, given).toString("utf8")) as unknown;
    expect(answer(states)).toEqual({
      data: {
        stories: {
          edges: [{ node: { ...node("a"), newChapter: true } }, { node: node("b") }],
        },
      },
    });
    // The same kept answer for another member, then a visitor's view of it, unchanged by either.
    const other = new Map([["b", { isBookmarked: true, isOwner: true, newChapter: false }]]);
    expect(answer(other)).toEqual({
      data: {
        stories: {
          edges: [
            { node: node("a") },
            { node: { ...node("b"), viewerHasBookmarked: true, viewerIsAuthor: true } },
          ],
        },
      },
    });
    expect(laidOver(body, marks, new Map()).toString("utf8")).toBe(body.toString("utf8"));
  });

  it("lays over only the marks: a story's own text that looks like a slot stays as it is", () => {
    const data = {
      stories: {
        edges: [{ node: { title: '"audience-slot-x:0" \u0000', viewerHasBookmarked: false } }],
      },
    };
    const marks = [
      {
        path: ["stories", "edges", 0, "node", "viewerHasBookmarked"],
        publicId: "a",
        field: "bookmarked" as const,
      },
    ];
    const body = Buffer.from(JSON.stringify({ data }));
    const states = new Map([["a", { isBookmarked: true, isOwner: false, newChapter: false }]]);
    expect(JSON.parse(laidOver(body, marks, states).toString("utf8"))).toEqual({
      data: {
        stories: {
          edges: [{ node: { ...data.stories.edges[0]!.node, viewerHasBookmarked: true } }],
        },
      },
    });
  });

  it("refuses per-viewer fields, and any field it was not told about", () => {
    for (const field of [
      "viewerAccess { reason }",
      "moderationReason",
      "comments { id }",
      "content { chapters { title } }",
      "images { url }",
      "versions { number }",
      "version(number: 1) { number }",
      "viewerSomethingNew",
      "somethingNew",
    ]) {
      expect(shared(`{ stories { edges { node { title ${field} } } } }`), field).toBe(false);
    }
    expect(
      shared(
        "{ stories { edges { node { ...F } } } } fragment F on Story { viewerAccess { reason } }",
      ),
    ).toBe(false);
  });

  it("has decided every field a public read can reach: shared, laid over or per viewer", () => {
    const roots = publicReadFields(
      schema,
      FIRST_DATA_DOCUMENTS.home.map(({ query }) => query),
    );
    const reachable = reachableFields(schema, roots);
    const undecided = [...reachable].filter(
      (field) =>
        !SHARED_FIELDS.has(field) && !LAID_OVER_FIELDS.has(field) && !PER_VIEWER_FIELDS.has(field),
    );
    // A new field on Story (say) lands here: list it in SHARED_FIELDS only if every viewer who can
    // see a listed story gets the same value, else in PER_VIEWER_FIELDS.
    expect(undecided).toEqual([]);
    // And no list names a field the schema no longer has.
    const listed = [...SHARED_FIELDS, ...LAID_OVER_FIELDS, ...PER_VIEWER_FIELDS];
    expect(listed.filter((field) => !reachable.has(field))).toEqual([]);
    expect(reachable.size).toBeGreaterThan(40);
  });
});
