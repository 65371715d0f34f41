// Which fields of an answer depend on who asks (docs/decisions/043-members-on-shared-pages.md). A
// public list's answer is shared by visitors and members alike; a member's own state on its
// stories (bookmarked, written by them) is laid over it, where the resolvers marked it while the
// shared answer was made. A document that asks for any other field that depends on its viewer is
// never answered from a shared answer for a member.
import {
  BREAK,
  Kind,
  TypeInfo,
  responsePathAsArray,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from "graphql";
import { cutAtMarks } from "@storyloom/common";
import { randomUUID } from "node:crypto";
import type { ViewerState } from "../upstream/viewer-states.js";

/** A member's own state on a story, as a shared answer lacks it. */
export type AudienceField = "bookmarked" | "authored" | "newChapter";

/** Where a shared answer holds a visitor's value of a per-viewer field, and for which story. */
export interface AudienceMark {
  /** The field's response path (aliases, list indexes), from the root field. */
  path: ReadonlyArray<string | number>;
  publicId: string;
  field: AudienceField;
}

/** The per-viewer fields laid over a shared answer. */
export const LAID_OVER_FIELDS: ReadonlySet<string> = new Set([
  "Story.viewerHasBookmarked",
  "Story.viewerIsAuthor",
  // A chapter new to a follower of the writer (docs/decisions/072-new-chapter-laid-over.md): false
  // for visitors.
  "Story.newChapter",
]);

/**
 * The fields a shared answer may hold for a member: the same for every viewer who can see a listed
 * story (whether its discussion is open depends on its status alone). An allow-list: a field added
 * to the schema is private until it is listed here, and a test walks every field a public read can
 * reach so that each new one is decided, here or in PER_VIEWER_FIELDS.
 */
export const SHARED_FIELDS: ReadonlySet<string> = new Set([
  ...["edges", "pageInfo"].map((field) => `StoryConnection.${field}`),
  ...["cursor", "node", "highlight"].map((field) => `StoryEdge.${field}`),
  ...["hasNextPage", "endCursor"].map((field) => `PageInfo.${field}`),
  ...["title", "snippet"].map((field) => `SearchHighlight.${field}`),
  ...["text", "match"].map((field) => `HighlightPiece.${field}`),
  ...["id", "username", "avatarUrl"].map((field) => `User.${field}`),
  ...["id", "publicId", "name", "slug", "description", "storyCount"].map(
    (field) => `Category.${field}`,
  ),
  ...["amountCents", "currency", "formatted"].map((field) => `Money.${field}`),
  ...[
    "id",
    "publicId",
    "title",
    "description",
    "status",
    "isPublic",
    "author",
    "preview",
    "categoryName",
    "category",
    "outline",
    "tags",
    "themeKeywords",
    "desiredLength",
    "nastinessLevel",
    "progress",
    "statusMessage",
    "error",
    "wordCount",
    "imagesPending",
    "headerImageUrl",
    "createdAt",
    "updatedAt",
    "bookmarkCount",
    "commentCount",
    "viewerCanComment",
    "moderationStatus",
    "price",
    "revisedAt",
    "chapterAddedAt",
  ].map((field) => `Story.${field}`),
]);

/**
 * Fields whose value depends on the viewer though a public read can reach them: a story's text and
 * pictures (cut to the viewer's access), its discussion (the viewer's own pending comments), why it
 * was rejected, its versions, rewrites and next chapter (its owner only), what the viewer may read.
 */
export const PER_VIEWER_FIELDS: ReadonlySet<string> = new Set(
  [
    "content",
    "images",
    "comments",
    "moderationReason",
    "versions",
    "version",
    "viewerAccess",
    // The owner's own: rewrites of passages, a next chapter being written.
    "rewrites",
    "nextChapter",
  ].map((field) => `Story.${field}`),
);

/**
 * Whether a member may be answered with the shared answer of `document` plus their own state: below
 * its root fields (which the visitor cache checked are public reads) it selects only fields of
 * SHARED_FIELDS and LAID_OVER_FIELDS, in any type, fragments included.
 */
export function sharedWithMembers(schema: GraphQLSchema, document: DocumentNode): boolean {
  let shared = true;
  const typeInfo = new TypeInfo(schema);
  const queryType = schema.getQueryType();
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      [Kind.FIELD](node) {
        const name = node.name.value;
        if (name.startsWith("__")) return undefined;
        const parent = typeInfo.getParentType();
        if (parent !== null && parent === queryType) return undefined;
        const coordinate = `${parent?.name ?? "?"}.${name}`;
        if (SHARED_FIELDS.has(coordinate) || LAID_OVER_FIELDS.has(coordinate)) return undefined;
        shared = false;
        return BREAK;
      },
    }),
  );
  return shared;
}

/**
 * A per-viewer field's resolver: its value, noted where it sits when the answer is being made to be
 * shared (the context's audienceMarks then collect them).
 */
export function markedForViewer<T>(
  value: T,
  marks: AudienceMark[] | undefined,
  info: GraphQLResolveInfo,
  publicId: string,
  field: AudienceField,
): T {
  marks?.push({ path: responsePathAsArray(info.path), publicId, field });
  return value;
}

function stateOf(state: ViewerState, field: AudienceField): boolean {
  if (field === "bookmarked") return state.isBookmarked;
  if (field === "authored") return state.isOwner;
  return state.newChapter;
}

/** A shared answer cut where its marks sit: pieces[0], slot 0's value, pieces[1], and so on. */
interface AnswerTemplate {
  pieces: string[];
  slots: Array<{ publicId: string; field: AudienceField; visitors: string }>;
}

/** Kept while the answer is (the visitor cache answers the same Buffer each time). */
const templates = new WeakMap<Buffer, AnswerTemplate>();
/** Marks a slot in the JSON: no text of a story can hold it (a fresh random id per process). */
const SLOT = `audience-slot-${randomUUID()}`;
const SLOT_PATTERN = new RegExp(`"${SLOT}:(\\d+)"`, "g");

function templateOf(body: Buffer, marks: readonly AudienceMark[]): AnswerTemplate {
  const known = templates.get(body);
  if (known) return known;
  const answer = JSON.parse(body.toString("utf8")) as { data?: Record<string, unknown> };
  const marked: AnswerTemplate["slots"] = [];
  for (const mark of marks) {
    let holder: unknown = answer.data;
    for (const key of mark.path.slice(0, -1)) {
      holder = (holder as Record<string | number, unknown> | null)?.[key];
    }
    const last = mark.path[mark.path.length - 1];
    if (!holder || typeof holder !== "object" || last === undefined) continue;
    const fields = holder as Record<string | number, unknown>;
    marked.push({
      publicId: mark.publicId,
      field: mark.field,
      visitors: JSON.stringify(fields[last]),
    });
    fields[last] = `${SLOT}:${marked.length - 1}`;
  }
  const template = cutAtMarks(
    JSON.stringify(answer),
    SLOT_PATTERN,
    (match) => marked[Number(match[1])]!,
  );
  templates.set(body, template);
  return template;
}

/**
 * A shared answer's JSON `body` as the member whose `states` these are sees it: their state at
 * every mark; a story they may not see keeps the visitor's value. The answer is read once while it
 * is kept; each member's is its pieces with their values between (decision 077).
 */
export function laidOver(
  body: Buffer,
  marks: readonly AudienceMark[],
  states: ReadonlyMap<string, ViewerState>,
): Buffer {
  const { pieces, slots } = templateOf(body, marks);
  let text = pieces[0] ?? "";
  slots.forEach((slot, index) => {
    const state = states.get(slot.publicId);
    text +=
      (state ? String(stateOf(state, slot.field)) : slot.visitors) + (pieces[index + 1] ?? "");
  });
  return Buffer.from(text);
}
