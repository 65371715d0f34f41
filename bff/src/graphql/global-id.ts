import { isApiId } from "@storyloom/common";
import { GraphQLError } from "graphql";

/** The object types that have global ids. */
export type GlobalIdType =
  | "Story"
  | "StoryVersion"
  | "PassageRewrite"
  | "ReadingProgress"
  | "LibraryEntry"
  | "Comment"
  | "User"
  | "Subscription"
  | "Category"
  | "Ad"
  | "AffiliateLink"
  | "Purchase"
  | "Notification"
  | "PushSubscription";

/** A global id: the type name and the api's id, so ids are unique across types. */
export const globalId = (type: GlobalIdType, id: string) =>
  Buffer.from(`${type}:${id}`).toString("base64url");

/**
 * The api's id inside a global id of `type`. Every mutation names the object it acts on by its
 * global id (schema.graphql); anything else (another type's id, a public id, garbage) is bad input
 * naming `argument`, refused before any upstream call.
 */
export function decodeGlobalId(type: GlobalIdType, id: string, argument: string): string {
  const decoded = Buffer.from(id, "base64url").toString("utf8");
  const prefix = `${type}:`;
  const apiId = decoded.startsWith(prefix) ? decoded.slice(prefix.length) : "";
  // Re-encoding must give the same id back: base64url decoding skips what it cannot read. The id
  // inside becomes a path of the api's, so it must be one the api could have given out.
  if (!isApiId(apiId) || globalId(type, apiId) !== id) {
    throw new GraphQLError(`Not a ${type.toLowerCase()} id.`, {
      extensions: { code: "BAD_USER_INPUT", field: argument },
    });
  }
  return apiId;
}
