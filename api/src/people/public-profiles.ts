import type { CommunityQueries, PublicProfile } from "../community/community-queries.js";

/**
 * What story cards and comments show of their authors (id, username, avatar), for the bff's
 * batched lookups; unknown ids are left out.
 */
export async function listPublicProfiles(
  community: CommunityQueries,
  ids: readonly string[],
): Promise<PublicProfile[]> {
  return community.publicProfiles(ids);
}
