import type { UserResolvers } from "../../__generated__/resolvers-types.js";
import type { RestComment, RestPublicProfile } from "../../upstream/rest-types.js";
import { globalId } from "../global-id.js";

/**
 * A person's public face, mapped onto the api's public profile (GET /v1/users), or onto a story's
 * author as the story names them, whose avatar is then loaded with the other authors of the page.
 */
export const User: UserResolvers = {
  id: (person) => globalId("User", person.id),
  avatarUrl: async (person, _args, { loaders }) =>
    person.avatar_url !== undefined
      ? person.avatar_url
      : ((await loaders.users.load(person.id))?.avatar_url ?? null),
};

/** The api nests a comment author's avatar in `preferences`; the public profile has it flat. */
export function publicProfileOfCommentAuthor(
  author: NonNullable<RestComment["author"]>,
): RestPublicProfile {
  return { id: author.id, username: author.username, avatar_url: author.preferences.avatar_url };
}
