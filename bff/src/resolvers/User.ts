import type { UserResolvers } from "../__generated__/resolvers-types.js";
import type { RestComment, RestPublicProfile } from "../upstream/rest-types.js";
import { globalId } from "./global-id.js";

/** A person's public face, mapped onto the api's public profile (GET /v1/users). */
export const User: UserResolvers = {
  id: (profile) => globalId("User", profile.id),
  avatarUrl: (profile) => profile.avatar_url,
};

/** The api nests a comment author's avatar in `preferences`; the public profile has it flat. */
export function publicProfileOfCommentAuthor(
  author: NonNullable<RestComment["author"]>,
): RestPublicProfile {
  return { id: author.id, username: author.username, avatar_url: author.preferences.avatar_url };
}
