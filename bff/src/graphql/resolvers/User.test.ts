import { graphql } from "graphql";
import { describe, expect, it } from "vitest";
import type { GraphQLContext } from "../context.js";
import { createSchema } from "../schema.js";
import { globalId } from "../global-id.js";

const profile = { id: "u1", username: "mira", avatar_url: "https://example.com/mira.png" };

/** Only what the query below touches: the story, its comments and the users loader. */
const context = {
  rest: {
    GET: async (path: string) => {
      const data =
        path === "/v1/stories/{id}"
          ? { public_id: "abc", author_id: "u1", author_username: "mira", can_comment: true }
          : [
              {
                id: "c1",
                author: {
                  id: "u1",
                  username: "mira",
                  preferences: { avatar_url: profile.avatar_url },
                },
                children: [],
              },
            ];
      return { data, response: { ok: true } };
    },
  },
  loaders: { users: { load: async (id: string) => (id === profile.id ? profile : null) } },
} as unknown as GraphQLContext;

describe("User", () => {
  it("is one person whether met as a story's author or as a comment's", async () => {
    const user = "author { id username avatarUrl }";
    const result = await graphql({
      schema: createSchema(),
      source: `{ story(publicId: "abc") { ${user} comments { ${user} } } }`,
      contextValue: context,
    });
    const author = { id: globalId("User", "u1"), username: "mira", avatarUrl: profile.avatar_url };
    expect(result).toEqual({ data: { story: { author, comments: [{ author }] } } });
  });
});
