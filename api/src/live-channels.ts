import type { FastifyInstance } from "fastify";
import websocket from "@fastify/websocket";
import type { AiAllowance } from "./allowance/ai-allowance.js";
import type { Database } from "./platform/db/database.js";
import type { IdentityProvider } from "./platform/identity/identity-provider.js";
import {
  MAX_CLIENT_MESSAGE_BYTES,
  SERVICE_RESTART,
  storyStreamRoutes,
} from "./generation/live/story-stream-routes.js";
import { StoryWatchers } from "./generation/live/story-watchers.js";
import { openStoryEventBus, type StoryEventBus } from "./generation/story-event-bus.js";
import type { AuthGuards } from "./people/auth-guards.js";
import type { UsersQueries } from "./people/users-queries.js";
import type { ViewerProfiles } from "./people/viewer-profiles.js";
import { registerWatchLinks } from "./watch-live.js";

// The api's WebSockets on the process's one story-events listener: the owner's live channel
// (GET /v1/stories/{id}/stream) and the watch-live links' (GET /v1/watch/{token}/stream).

/** GET /v1/stories/{id}/stream, the live channel, on @fastify/websocket. */
export async function registerLiveChannels(
  app: FastifyInstance,
  deps: {
    db: Database;
    identity: IdentityProvider;
    settings: { adminEmails: readonly string[]; publicBaseUrl: string };
    /** The process's story-events listener when shared with its workers (app.ts's AppDeps). */
    storyEvents?: StoryEventBus;
  },
  parts: {
    users: UsersQueries;
    profiles: ViewerProfiles;
    allowance: AiAllowance;
    guards: AuthGuards;
  },
): Promise<void> {
  const shared = deps.storyEvents;
  const watchers = shared
    ? new StoryWatchers(async () => shared, false)
    : new StoryWatchers(() => openStoryEventBus(deps.db, app.log), true);
  app.addHook("onClose", () => watchers.close());
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    preClose: closeLiveSocketsForRestart,
  });
  await registerWatchLinks(app, { ...parts, db: deps.db, watchers, settings: deps.settings });
  await app.register(storyStreamRoutes, {
    prefix: "/v1",
    db: deps.db,
    identity: deps.identity,
    users: parts.users,
    watchers,
    adminEmails: deps.settings.adminEmails,
    profiles: parts.profiles,
    allowance: parts.allowance,
  });
}

/**
 * When the app closes (a replica draining), its live sockets close with 1012 (service restart), so
 * the bff's bridge reconnects through the balancer to another replica and resumes from the
 * story's snapshot (docs/decisions/027-replicas-behind-haproxy.md).
 */
function closeLiveSocketsForRestart(this: FastifyInstance, done: () => void): void {
  const server = this.websocketServer;
  for (const client of server.clients) client.close(SERVICE_RESTART, "Service restart");
  server.close(() => done());
}
