import type { StoryListPosition } from "../../db/stories-repository.js";
import { validationFailed } from "../../http/api-error.js";

/** Cursors are opaque to clients: base64url of the last row's position. */
export function encodeCursor(position: StoryListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString("base64url");
}

export function decodeCursor(cursor: string): StoryListPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [createdAt, id] = parsed as unknown[];
      if (
        typeof createdAt === "string" &&
        typeof id === "string" &&
        !Number.isNaN(Date.parse(createdAt))
      ) {
        return { createdAt, id };
      }
    }
  } catch {
    // Falls through to the same answer as any other foreign cursor.
  }
  throw validationFailed("cursor", "cursor is not valid: use next_cursor of the previous page.");
}
