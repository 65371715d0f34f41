import { registerAjvFormats, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance } from "fastify";
import websocket from "@fastify/websocket";
import { nanoid } from "nanoid";
import type { ApiConfig } from "./config/api-config.js";
import { BookmarkQueries } from "./community/bookmark-queries.js";
import { CommunityQueries } from "./community/community-queries.js";
import { DiscoveryQueries } from "./discovery/discovery-queries.js";
import type { Database } from "./platform/db/database.js";
import { MediaStore } from "./platform/storage/media-store.js";
import { PictureLinks } from "./stories/picture-link-rules.js";
import { openStoryEventBus, type StoryEventBus } from "./generation/story-event-bus.js";
import { UsersQueries } from "./people/users-queries.js";
import { trendingScoreSql } from "./community/trending-rules.js";
import { createRateLimiters } from "./platform/limits/rate-limits.js";
import { adRoutes } from "./ads/ad-routes.js";
import { adminAdRoutes } from "./ads/admin-ad-routes.js";
import { moderationRoutes } from "./moderation/moderation-routes.js";
import { adminPaymentRoutes } from "./payments/admin-payment-routes.js";
import { paymentWebhookRoutes } from "./payments/payment-webhook-routes.js";
import { purchaseRoutes } from "./payments/purchase-routes.js";
import { testCheckoutRoutes } from "./payments/test-checkout-routes.js";
import { LocalProvider } from "./payments/local-provider.js";
import type { PaymentProvider } from "./payments/payment-provider.js";
import { StripeProvider } from "./payments/stripe-provider.js";
import { accountRoutes } from "./people/account-routes.js";
import { commentRoutes } from "./comments/comment-routes.js";
import { CommentSchema } from "./comments/comment-schemas.js";
import { CommentsQueries } from "./comments/comments-queries.js";
import { bookmarkRoutes } from "./community/bookmark-routes.js";
import { createAuthGuards } from "./people/auth-guards.js";
import { consentRoutes } from "./people/consent-routes.js";
import { categoryRoutes } from "./discovery/category-routes.js";
import {
  answerFrameworkError,
  installErrorHandling,
  MAX_PATH_PARAMETER_LENGTH,
} from "./platform/http/error-handler.js";
import { limitAnonymousRequests } from "./platform/limits/anonymous-limit.js";
import { limitRoutes } from "./platform/limits/limit-routes.js";
import { ApiErrorSchema, documentRequestErrors } from "./platform/http/error-schema.js";
import { healthRoutes } from "./platform/http/health-routes.js";
import { acceptJsonBodiesOnly } from "./platform/http/json-bodies.js";
import { pictureRoutes } from "./stories/picture-routes.js";
import { registerOpenApi } from "./platform/http/openapi.js";
import { clearAfterWrites, createPublicListCache } from "./discovery/public-list-cache.js";
import { UserProfileSchema } from "./people/profile-schemas.js";
import { refusingForbiddenCharacters } from "./platform/http/request-text.js";
import { typeBoxValidatorCompiler } from "./platform/http/schema-validator.js";
import { storyListRoutes } from "./discovery/story-list-routes.js";
import { storyRoutes } from "./stories/story-routes.js";
import { generationRoutes } from "./generation/generation-routes.js";
import { StoryDetailSchema } from "./stories/story-schemas.js";
import { StoriesQueries } from "./stories/stories-queries.js";
import { userRoutes } from "./people/user-routes.js";
import { peopleRoutes } from "./people/people-routes.js";
import { priceRoutes } from "./payments/price-routes.js";
import { AuthorProfileSchema } from "./people/people-schemas.js";
import { PeopleQueries } from "./people/people-queries.js";
import type { IdentityProvider } from "./platform/identity/identity-provider.js";
import {
  MAX_CLIENT_MESSAGE_BYTES,
  SERVICE_RESTART,
  storyStreamRoutes,
} from "./generation/live/story-stream-routes.js";
import { StoryWatchers } from "./generation/live/story-watchers.js";
import { RequestLogController, type LoggerOptions } from "./logging.js";

/** JSON bodies are small here (profiles; later stories' inputs and comments of ≤1000 chars). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** What the HTTP api takes from the process's configuration (config/api-config.ts). */
export type AppSettings = Pick<
  ApiConfig,
  | "publicBaseUrl"
  | "readHashSecret"
  | "trustProxy"
  | "moderation"
  | "addressLimits"
  | "adminEmails"
  | "publicListCacheMs"
  | "mediaStorage"
  | "payments"
>;

export interface AppDeps {
  db: Database;
  identity: IdentityProvider;
  settings: AppSettings;
  /** pino options; false (the default) logs nothing, as tests and the OpenAPI dump want. */
  logger?: LoggerOptions | false;
  /**
   * The process's story-events listener when it is shared with the workers (start.ts); without
   * one the app opens its own on the first live socket and closes it with the app.
   */
  storyEvents?: StoryEventBus;
  /** The clock of the popular ranking (tests fix it). */
  now?: () => Date;
  /** True once the process is stopping: readiness fails (start.ts; docs/scaling.md). */
  draining?: () => boolean;
}

/**
 * The whole HTTP api without a listening socket: main listens, tests inject requests, and the
 * OpenAPI dump reads the document, each with the database and identity provider it chooses.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await createServer(deps);
  const { db, settings } = deps;
  const users = new UsersQueries(db);
  // One set of the reading community's queries and one set of rate limiters for the whole app.
  const community = new CommunityQueries(db, trendingScoreSql);
  const limits = createRateLimiters(db, settings.addressLimits);
  app.addHook("onClose", async () => limits.close());
  limitAnonymousRequests(app, limits.anonymousRequests);
  const guards = createAuthGuards(deps.identity, users, settings.adminEmails);
  // Pictures in an S3-compatible bucket when configured (docs/decisions/028).
  const media = settings.mediaStorage ? new MediaStore(settings.mediaStorage) : null;
  app.addHook("onClose", async () => media?.close());
  await app.register(healthRoutes, { prefix: "/v1", db, draining: deps.draining });
  await app.register(accountRoutes, {
    prefix: "/v1",
    db,
    media,
    guards,
    users,
    identity: deps.identity,
  });
  await app.register(consentRoutes, { prefix: "/v1", guards, users });
  // The bff's cached visitor answers count against the shared per-address limit (decision 037).
  await app.register(limitRoutes, {
    prefix: "/v1",
    guards,
    anonymousRequests: limits.anonymousRequests,
  });
  // Illustrations' signed URLs (docs/decisions/030): any replica verifies another's.
  const links = new PictureLinks(settings.readHashSecret, deps.now);
  // One set of the queries that several capabilities' use cases run.
  const stories = new StoriesQueries(db);
  const discovery = new DiscoveryQueries(db);
  const comments = new CommentsQueries(db);
  await app.register(generationRoutes, {
    prefix: "/v1",
    db,
    stories,
    community,
    discovery,
    guards,
    links,
    media,
    startLimiters: { perUser: limits.storyStarts, perAddress: limits.storyStartsPerAddress },
  });
  await app.register(storyRoutes, {
    prefix: "/v1",
    links,
    db,
    stories,
    community,
    guards,
    publicBaseUrl: settings.publicBaseUrl,
    readHashSecret: settings.readHashSecret,
    moderation: settings.moderation,
    media,
  });
  // Visitors' pages of public cards, cleared by every write through this app (decision 036).
  const publicLists = createPublicListCache(settings.publicListCacheMs);
  clearAfterWrites(app, publicLists);
  await app.register(storyListRoutes, {
    prefix: "/v1",
    community,
    discovery,
    guards,
    cache: publicLists,
    now: deps.now,
  });
  await app.register(bookmarkRoutes, {
    prefix: "/v1",
    db,
    stories,
    community,
    bookmarks: new BookmarkQueries(db),
    guards,
    links,
  });
  await app.register(userRoutes, { prefix: "/v1", community });
  await app.register(peopleRoutes, { prefix: "/v1", people: new PeopleQueries(db), guards });
  await app.register(pictureRoutes, { prefix: "/v1", db, stories, guards, media, links });
  await app.register(commentRoutes, {
    prefix: "/v1",
    db,
    stories,
    comments,
    guards,
    moderation: settings.moderation,
    postLimiter: limits.commentPosts,
    reportLimiter: limits.commentReports,
  });
  await app.register(moderationRoutes, {
    prefix: "/v1",
    db,
    stories,
    comments,
    guards,
    media,
    links,
  });
  await app.register(priceRoutes, { prefix: "/v1", db, community, guards, links });
  await app.register(categoryRoutes, {
    prefix: "/v1",
    db,
    stories,
    community,
    discovery,
    guards,
    links,
  });
  // House ads and affiliate links (docs/decisions/032): readers' routes, then admins'.
  await app.register(adRoutes, {
    prefix: "/v1",
    db,
    guards,
    readHashSecret: settings.readHashSecret,
  });
  await app.register(adminAdRoutes, { prefix: "/v1", db, guards });
  await registerPayments(app, deps, guards);
  await registerStoryStream(app, deps, users);
  return app;
}

/**
 * Fastify with the api's edge: request ids, validation, JSON bodies, the error shape, the headers
 * of every answer and the OpenAPI document (the routes registered next document themselves).
 */
async function createServer(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Request ids are ours: unique across replicas, never taken from a client header.
    genReqId: () => nanoid(12),
    requestIdHeader: false,
    // Some clients write paths with a trailing slash (PATCH /stories/{id}/).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // The router's refusals (bad %-escapes, over-long parameters) in the api's error shape.
    frameworkErrors: answerFrameworkError,
    // Reads are counted per visitor address (docs/decisions/017): the bff's X-Forwarded-For is
    // believed only when it comes from a configured proxy.
    trustProxy: deps.settings.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox validates exactly what the schemas declare: bodies are never coerced (a number is not
  // a username), while query strings and path parameters are converted to the declared types.
  // No string of any request may hold a control character (docs/decisions/015). The conversion is
  // planned per route, not walked on every request (platform/http/schema-validator.ts,
  // decision 036).
  registerAjvFormats();
  app.setValidatorCompiler(refusingForbiddenCharacters(typeBoxValidatorCompiler));
  acceptJsonBodiesOnly(app);
  installErrorHandling(app, BODY_LIMIT_BYTES);
  app.decorateRequest("user", null);
  // Hooks every request runs take a callback: no promise each (decision 036).
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    // Every answer is JSON or a picture with its own type: never sniffed into something else.
    reply.header("x-content-type-options", "nosniff");
    done();
  });

  // Before the OpenAPI plugin collects the routes: each documents the edge's refusals too.
  app.addHook("onRoute", documentRequestErrors);
  app.addSchema(ApiErrorSchema);
  app.addSchema(UserProfileSchema);
  app.addSchema(AuthorProfileSchema);
  app.addSchema(StoryDetailSchema);
  app.addSchema(CommentSchema);
  await registerOpenApi(app);
  return app;
}

/**
 * Purchases, the provider's webhook and the admins' payment routes, with Stripe when configured
 * and otherwise the local test provider, which delivers its signed events to this app's own
 * webhook route (docs/decisions/031-payments.md).
 */
async function registerPayments(
  app: FastifyInstance,
  deps: AppDeps,
  guards: ReturnType<typeof createAuthGuards>,
): Promise<void> {
  const { db, settings } = deps;
  const stripe = settings.payments.stripe;
  const local = stripe === null ? new LocalProvider() : null;
  // Stripe sends the buyer back to the site's public address; the local test checkout is a page of
  // the web app itself, so its addresses are paths, right wherever the app is served.
  const returnBase = local === null ? settings.publicBaseUrl : "";
  const provider: PaymentProvider =
    stripe === null ? (local as LocalProvider) : new StripeProvider(stripe);
  if (local !== null) {
    local.deliverThrough(async (body, headers) => {
      const answer = await app.inject({
        method: "POST",
        url: `/v1/payments/webhook/${local.name}`,
        headers,
        payload: body,
      });
      return answer.statusCode;
    });
    app.addHook("preClose", async () => local.settle());
  }
  await app.register(paymentWebhookRoutes, { prefix: "/v1", db, provider });
  await app.register(purchaseRoutes, {
    prefix: "/v1",
    db,
    guards,
    provider,
    payments: settings.payments,
    publicBaseUrl: returnBase,
  });
  await app.register(testCheckoutRoutes, {
    prefix: "/v1",
    db,
    guards,
    local,
    publicBaseUrl: returnBase,
  });
  await app.register(adminPaymentRoutes, { prefix: "/v1", db, guards, provider });
}

/** GET /v1/stories/{id}/stream, the live channel, on @fastify/websocket. */
async function registerStoryStream(
  app: FastifyInstance,
  deps: AppDeps,
  users: UsersQueries,
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
  await app.register(storyStreamRoutes, {
    prefix: "/v1",
    db: deps.db,
    identity: deps.identity,
    users,
    watchers,
    adminEmails: deps.settings.adminEmails,
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
