import type { FastifyInstance } from "fastify";
import { createOfflineRewriter, type PassageRewriter } from "@storyloom/writer";
import { continuationRoutes } from "./continuation/continuation-routes.js";
import { createStoryContinuation, type ChapterPublished } from "./continuation/continue-story.js";
import type { Database } from "./platform/db/database.js";
import { notifyNewChapter, notifyNotesShaped } from "./notifications/notify.js";
import type { AuthGuards } from "./people/auth-guards.js";
import { rewriteRoutes } from "./rewrites/rewrite-routes.js";
import { RewriteRunner } from "./rewrites/rewrite-runner.js";
import { createPassageRewrites, type NotesShapedHook } from "./rewrites/rewrite-use-cases.js";
import type { PictureLinks } from "./stories/picture-link-rules.js";
import type { StoryActionsDeps } from "./stories/story-actions.js";
import { createStoryVersions } from "./stories/story-versions.js";
import { versionRoutes } from "./stories/version-routes.js";

// The writer's studio, composed (docs/product.md#the-writers-studio): a story's versions, its next
// chapter (decision 062) and rewrites of its passages (decision 061).

interface StudioParts {
  /** What the owner's actions on a story take. */
  owner: StoryActionsDeps;
  guards: AuthGuards;
  links: PictureLinks;
}

export async function registerStudio(
  app: FastifyInstance,
  given: {
    db: Database;
    rewriter?: PassageRewriter;
    onNotesShaped?: NotesShapedHook;
    chapterPublished?: ChapterPublished;
  },
  { owner, guards, links }: StudioParts,
): Promise<void> {
  await app.register(versionRoutes, {
    prefix: "/v1",
    versions: createStoryVersions(owner),
    guards,
    links,
  });
  await app.register(continuationRoutes, {
    prefix: "/v1",
    continuation: createStoryContinuation({
      ...owner,
      // Followers hear of each published chapter (docs/product.md#notifications) unless told otherwise.
      chapterPublished:
        given.chapterPublished ??
        ((chapter) =>
          notifyNewChapter(given.db, {
            storyId: chapter.storyRowId,
            authorId: chapter.authorId,
            chapterNumber: chapter.number,
          })),
    }),
    guards,
    links,
  });
  // Passage rewrites are written by this process (decision 061); closing stops them.
  const runner = new RewriteRunner({
    db: given.db,
    rewriter: given.rewriter ?? createOfflineRewriter(),
    log: app.log,
  });
  app.addHook("onClose", async () => runner.stop());
  const rewrites = createPassageRewrites({
    ...owner,
    runner,
    // Each note's author hears that it shaped the kept revision, unless told otherwise.
    onNotesShaped: given.onNotesShaped ?? ((event) => notifyNotesShaped(given.db, event)),
  });
  await app.register(rewriteRoutes, { prefix: "/v1", rewrites, guards, links });
}
