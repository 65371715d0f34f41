// GET /v1/me/story-states: a member's own state on the stories of a shared answer, laid over it
// (docs/decisions/043-members-on-shared-pages.md).
import type { ClientHeaders, RestConnection } from "./rest-client.js";

/** A member's state on a story: bookmarked by them, written by them, a chapter new to them. */
export interface ViewerState {
  isBookmarked: boolean;
  isOwner: boolean;
  /** They follow its writer and a chapter was added lately (docs/product.md#story-cards). */
  newChapter: boolean;
}

/** The api answers for at most this many stories a call. */
export const VIEWER_STATES_MAX = 100;

/**
 * The member's state on each of `publicIds` they may see, by public id; null when the api did not
 * give it (a refused token, a failure, more stories than one call takes), so the caller is
 * answered without the shared answer instead.
 */
export type ViewerStates = (
  authorization: string,
  client: ClientHeaders,
  publicIds: readonly string[],
) => Promise<Map<string, ViewerState> | null>;

export function viewerStatesFrom(rest: RestConnection): ViewerStates {
  return async (authorization, client, publicIds) => {
    const ids = [...new Set(publicIds)];
    if (ids.length === 0) return new Map();
    if (ids.length > VIEWER_STATES_MAX) return null;
    try {
      const { data } = await rest
        .forAuthorization(authorization, client)
        .GET("/v1/me/story-states", { params: { query: { ids: ids.join(",") } } });
      if (!data) return null;
      return new Map(
        data.items.map((item) => [
          item.public_id,
          {
            isBookmarked: item.is_bookmarked,
            isOwner: item.is_owner,
            // An older api sends none: no badge rather than a wrong one.
            newChapter: item.new_chapter ?? false,
          },
        ]),
      );
    } catch {
      return null;
    }
  };
}
