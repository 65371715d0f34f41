import type { FastifyInstance } from "fastify";
import type { StoryWatchers } from "./generation/live/story-watchers.js";
import type { Database } from "./platform/db/database.js";
import type { AuthGuards } from "./people/auth-guards.js";
import { StoriesQueries } from "./stories/stories-queries.js";
import { createWatchLinks } from "./watch/watch-links.js";
import { watchRoutes } from "./watch/watch-routes.js";
import { watchStreamRoutes } from "./watch/watch-stream-routes.js";

// Watch-live links, composed (docs/decisions/069-watch-live-links.md): the owner's REST routes, the
// public snapshot and the public live channel, on the app's one story-events listener.

export async function registerWatchLinks(
  app: FastifyInstance,
  parts: {
    db: Database;
    guards: AuthGuards;
    watchers: StoryWatchers;
    settings: { publicBaseUrl: string };
  },
): Promise<void> {
  const watchLinks = createWatchLinks({ db: parts.db, stories: new StoriesQueries(parts.db) });
  await app.register(watchRoutes, {
    prefix: "/v1",
    guards: parts.guards,
    watchLinks,
    publicBaseUrl: parts.settings.publicBaseUrl,
  });
  await app.register(watchStreamRoutes, { prefix: "/v1", watchLinks, watchers: parts.watchers });
}
