import { setTimeout as sleep } from "node:timers/promises";
import type {
  MutationResolvers,
  PassageRewriteResolvers,
  StoryResolvers,
  SubscriptionResolvers,
} from "../../__generated__/resolvers-types.js";
import type { RestClient } from "../../upstream/rest-client.js";
import type { PassageRewriteParent } from "../../upstream/rest-types.js";
import { apiIdArgument } from "../arguments.js";
import { unwrap } from "../errors.js";
import { decodeGlobalId, globalId } from "../global-id.js";

// Rewrites of passages (docs/decisions/061-passage-rewrites.md): the owner's mutations, the
// story's list, and a subscription that follows one rewrite while its alternatives arrive.

/** How often the subscription reads a rewrite being written (the api writes ≤ 5 times a second). */
export const REWRITE_POLL_MS = 250;

const storyId = (id: string) => decodeGlobalId("Story", id, "id");

const withStory =
  (publicId: string) =>
  <T extends object>(rewrite: T): T & { story_public_id: string } => ({
    ...rewrite,
    story_public_id: publicId,
  });

async function readRewrite(rest: RestClient, publicId: string, rewriteId: string) {
  const path = { id: publicId, rewriteId };
  const rewrite = await unwrap(
    rest.GET("/v1/stories/{id}/rewrites/{rewriteId}", { params: { path } }),
  );
  return withStory(publicId)(rewrite);
}

export const PassageRewrite: PassageRewriteResolvers = {
  id: (rewrite) => globalId("PassageRewrite", `${rewrite.story_public_id}:${rewrite.id}`),
  rewriteId: (rewrite) => rewrite.id,
  chapterIndex: (rewrite) => rewrite.chapter_index,
  instruction: (rewrite) => rewrite.instruction.kind,
  instructionText: (rewrite) => rewrite.instruction.text,
  keptAlternative: (rewrite) => rewrite.kept_alternative,
  keptVersion: (rewrite) => rewrite.kept_version,
  noteIds: (rewrite) => rewrite.note_ids.map((id) => globalId("Comment", id)),
  createdAt: (rewrite) => rewrite.created_at,
};

export const storyRewrites: Pick<StoryResolvers, "rewrites"> = {
  // Its owner's only (the api refuses anyone else): nobody else asks the api for them.
  rewrites: async (story, _args, { rest }) => {
    if (!story.is_owner) return [];
    const { items } = await unwrap(
      rest.GET("/v1/stories/{id}/rewrites", { params: { path: { id: story.public_id } } }),
    );
    return items.map(withStory(story.public_id));
  },
};

export const rewriteMutations: Pick<
  MutationResolvers,
  "rewritePassage" | "reviseFromNotes" | "keepRewrite"
> = {
  rewritePassage: async (_parent, { id, input }, { rest }) => {
    const publicId = storyId(id);
    const rewrite = await unwrap(
      rest.POST("/v1/stories/{id}/rewrites", {
        params: { path: { id: publicId } },
        body: {
          start: input.start,
          end: input.end,
          instruction: {
            // NOTES is reviseFromNotes's; the api's schema refuses it here with a 422.
            kind: input.instruction as Exclude<typeof input.instruction, "notes">,
            ...(input.text == null ? {} : { text: input.text }),
          },
        },
      }),
    );
    return withStory(publicId)(rewrite);
  },
  reviseFromNotes: async (_parent, { id, noteIds }, { rest }) => {
    const publicId = storyId(id);
    const rewrite = await unwrap(
      rest.POST("/v1/stories/{id}/revisions", {
        params: { path: { id: publicId } },
        body: {
          note_ids: noteIds.map((note, index) =>
            decodeGlobalId("Comment", note, `noteIds.${index}`),
          ),
        },
      }),
    );
    return withStory(publicId)(rewrite);
  },
  keepRewrite: async (_parent, { id, rewriteId, alternative }, { rest }) => {
    const publicId = storyId(id);
    const path = { id: publicId, rewriteId: apiIdArgument(rewriteId, "rewriteId") };
    const kept = await unwrap(
      rest.POST("/v1/stories/{id}/rewrites/{rewriteId}/keep", {
        params: { path },
        body: { alternative: alternative ?? null },
      }),
    );
    return { rewrite: withStory(publicId)(kept.rewrite), story: kept.story };
  },
};

/** The rewrite now, then each change while it is WRITING; ends once it is not. */
async function* followRewrite(
  rest: RestClient,
  publicId: string,
  rewriteId: string,
): AsyncGenerator<{ passageRewrite: PassageRewriteParent }> {
  let last = "";
  for (;;) {
    const rewrite = await readRewrite(rest, publicId, rewriteId);
    const seen = JSON.stringify([rewrite.status, rewrite.alternatives]);
    if (seen !== last) yield { passageRewrite: rewrite };
    last = seen;
    if (rewrite.status !== "writing") return;
    await sleep(REWRITE_POLL_MS);
  }
}

export const rewriteSubscription: Pick<SubscriptionResolvers, "passageRewrite"> = {
  passageRewrite: {
    subscribe: (_parent, { id, rewriteId }, { rest }) =>
      followRewrite(rest, storyId(id), apiIdArgument(rewriteId, "rewriteId")),
  },
};
