import { API_ID_RULE, isApiId } from "@storyloom/common";
import { invalid } from "../platform/lib/errors.js";

// Public profiles, author profiles and subscriptions
// (docs/product.md#author-profiles-and-subscriptions): the words of their refusals, who may follow
// whom, and which users one call may name.

export const USER_NOT_FOUND = "User not found.";
export const SUBSCRIPTION_NOT_FOUND = "Subscription not found.";
export const SELF_SUBSCRIPTION = "You cannot subscribe to yourself.";

/** Nobody follows themselves (422 on author_id). */
export function assertNotSelf(subscriberId: string, authorId: string): void {
  if (authorId === subscriberId) throw invalid("author_id", SELF_SUBSCRIPTION);
}

/** The bff batches every author of a page into one call (its users DataLoader). */
export const MAX_USER_IDS = 100;

/** The user ids of GET /users?ids=: comma-separated, repeats dropped, at most MAX_USER_IDS. */
export function userIdsOf(list: string): string[] {
  const ids = [
    ...new Set(
      list
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw invalid("ids", "ids is required.");
  if (!ids.every(isApiId)) {
    throw invalid("ids", `ids is not valid: user ids (${API_ID_RULE}) separated by commas.`);
  }
  if (ids.length > MAX_USER_IDS) {
    throw invalid("ids", `ids must name at most ${MAX_USER_IDS} users.`);
  }
  return ids;
}
