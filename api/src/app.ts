import type { FastifyInstance } from "fastify";
import type { ApiConfig } from "./config/api-config.js";
import { rememberingBookmarks } from "./community/viewer-states-memory.js";
import { CommunityQueries } from "./community/community-queries.js";
import { DiscoveryQueries } from "./discovery/discovery-queries.js";
import type { Database } from "./platform/db/database.js";
import { MediaStore } from "./platform/storage/media-store.js";
import { PictureLinks } from "./stories/picture-link-rules.js";
import type { StoryEventBus } from "./generation/story-event-bus.js";
import { UsersQueries } from "./people/users-queries.js";
import { maintainedTrending } from "./community/trending-snapshots.js";
import { createRateLimiters, type RateLimiters } from "./platform/limits/rate-limits.js";
import { adRoutes } from "./ads/ad-routes.js";
import { createAiAllowance } from "./allowance/ai-allowance.js";
import { allowanceRoutes } from "./allowance/allowance-routes.js";
import { adminAdRoutes } from "./ads/admin-ad-routes.js";
import { moderationRoutes } from "./moderation/moderation-routes.js";
import { notificationRoutes } from "./notifications/notification-routes.js";
import { UnsubscribeLinks } from "./notifications/unsubscribe-rules.js";
import { adminPaymentRoutes } from "./payments/admin-payment-routes.js";
import { paymentWebhookRoutes } from "./payments/payment-webhook-routes.js";
import { purchaseRoutes } from "./payments/purchase-routes.js";
import { testCheckoutRoutes } from "./payments/test-checkout-routes.js";
import { LocalProvider } from "./payments/local-provider.js";
import type { PaymentProvider } from "./payments/payment-provider.js";
import { StripeProvider } from "./payments/stripe-provider.js";
import { accountRoutes } from "./people/account-routes.js";
import { commentRoutes } from "./comments/comment-routes.js";
import { epubRoutes } from "./exports/epub-routes.js";
import { ExportsQueries } from "./exports/exports-queries.js";
import { createEpubCache, type StoryEpubDeps } from "./exports/story-epub.js";
import { CommentsQueries } from "./comments/comments-queries.js";
import { bookmarkRoutes } from "./community/bookmark-routes.js";
import { LibraryQueries } from "./library/library-queries.js";
import { libraryRoutes } from "./library/library-routes.js";
import { createAuthGuards, type AuthGuards } from "./people/auth-guards.js";
import { createViewerProfiles, forgetProfilesAfterWrites } from "./people/viewer-profiles.js";
import { cachedIdentity } from "./platform/identity/cached-identity.js";
import { consentRoutes } from "./people/consent-routes.js";
import { categoryRoutes } from "./discovery/category-routes.js";
import { limitAnonymousRequests } from "./platform/limits/anonymous-limit.js";
import { limitRoutes } from "./platform/limits/limit-routes.js";
import { socketSlotRoutes } from "./platform/limits/socket-slot-routes.js";
import { createSocketSlots } from "./platform/limits/socket-slots.js";
import { healthRoutes } from "./platform/http/health-routes.js";
import { measureRequests } from "./platform/http/request-metrics.js";
import { createApiMetrics, type ApiMetrics } from "./platform/observability/api-metrics.js";
import { pictureRoutes } from "./stories/picture-routes.js";
import { clearAfterWrites, createPublicListCache } from "./discovery/public-list-cache.js";
import { storyListRoutes } from "./discovery/story-list-routes.js";
import { storyRoutes } from "./stories/story-routes.js";
import { generationRoutes } from "./generation/generation-routes.js";
import { StoriesQueries } from "./stories/stories-queries.js";
import { userRoutes } from "./people/user-routes.js";
import { peopleRoutes } from "./people/people-routes.js";
import { priceRoutes } from "./payments/price-routes.js";
import { PeopleQueries } from "./people/people-queries.js";
import type { IdentityProvider } from "./platform/identity/identity-provider.js";
import type { LoggerOptions } from "./logging.js";
import { createServer } from "./server.js";
import { registerLiveChannels } from "./live-channels.js";
import { registerStudio } from "./studio.js";
import type { ChapterPublished } from "./continuation/continue-story.js";
import type { NotesShapedHook } from "./rewrites/rewrite-use-cases.js";
import type { PassageRewriter } from "@storyloom/writer";

export { BODY_LIMIT_BYTES } from "./server.js";

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
  | "trending"
  | "tokenCache"
  | "viewerProfileCacheMs"
  | "viewerStateCacheMs"
  | "mediaStorage"
  | "payments"
  | "aiAllowance"
  | "vapid"
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
  /** Where requests, caches and sockets are counted (start.ts serves them; decision 046). */
  metrics?: ApiMetrics;
  /** Who rewrites passages (decision 061); the offline rewriter, writing at once, by default. */
  rewriter?: PassageRewriter;
  /** Told when a kept revision followed readers' notes; by default their authors are notified. */
  onNotesShaped?: NotesShapedHook;
  /**
   * Told of every chapter an owner publishes with Continue the story (decision 062): the hook a
   * notifications use case listens on. None by default.
   */
  chapterPublished?: ChapterPublished;
  /** Tests only: push subscriptions may name http://127.0.0.1 (their own push service). */
  pushEndpointsOnLoopback?: boolean;
}

/**
 * The whole HTTP api without a listening socket: main listens, tests inject requests, and the
 * OpenAPI dump reads the document, each with the database and identity provider it chooses.
 */
export async function buildApp(given: AppDeps): Promise<FastifyInstance> {
  const metrics = given.metrics ?? createApiMetrics();
  const app = await createServer(given);
  measureRequests(app, metrics);
  const { db, settings } = given;
  // Verified tokens and viewers' profiles, remembered between requests (decision 040).
  const deps = { ...given, identity: cachedIdentity(given.identity, settings.tokenCache) };
  const profiles = createViewerProfiles(settings.viewerProfileCacheMs);
  forgetProfilesAfterWrites(app, profiles);
  // Readers' own states on the cards they read, remembered likewise (decision 077).
  const bookmarks = rememberingBookmarks(app, db, settings.viewerStateCacheMs);
  const users = new UsersQueries(db);
  // One set of the reading community's queries and one set of rate limiters for the whole app.
  const community = new CommunityQueries(db);
  const limits = createRateLimiters(db, settings.addressLimits);
  app.addHook("onClose", async () => limits.close());
  limitAnonymousRequests(app, limits.anonymousRequests);
  const guards = createAuthGuards(deps.identity, users, settings.adminEmails, profiles);
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
  await registerSharedLimits(app, db, settings, guards, limits.anonymousRequests);
  // Illustrations' signed URLs (docs/decisions/030): any replica verifies another's.
  const links = new PictureLinks(settings.readHashSecret, deps.now);
  // One set of the queries that several capabilities' use cases run.
  const stories = new StoriesQueries(db);
  const discovery = new DiscoveryQueries(db);
  const comments = new CommentsQueries(db);
  // What the routes that show stories all take.
  const storyReading = { prefix: "/v1", db, stories, community, discovery, guards, links };
  const allowance = createAiAllowance(db, settings.aiAllowance, deps.now); // decision 070
  await app.register(allowanceRoutes, { prefix: "/v1", guards, allowance });
  await app.register(generationRoutes, {
    ...storyReading,
    allowance,
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
    allowance,
  });
  // The writer's studio: versions, continuing a story, rewriting passages.
  await registerStudio(app, given, {
    owner: { db, stories, community, media, moderation: settings.moderation, allowance },
    guards,
    links,
  });
  // Visitors' pages of public cards, cleared by every write through this app (decision 036).
  const publicLists = createPublicListCache(settings.publicListCacheMs, (outcome) =>
    metrics.cacheLookups.inc({ cache: "public-lists", outcome }),
  );
  clearAfterWrites(app, publicLists);
  // Trending Now's maintained scores, taken anew on the interval (decision 041).
  const { trending, snapshots } = maintainedTrending(db, settings.trending, deps.now);
  const stopSnapshots = snapshots.start((error) =>
    app.log.error({ err: error }, "could not take a trending snapshot"),
  );
  app.addHook("onClose", async () => stopSnapshots());
  await app.register(storyListRoutes, {
    prefix: "/v1",
    community,
    trending,
    snapshots,
    discovery,
    bookmarks,
    guards,
    cache: publicLists,
    now: deps.now,
  });
  await app.register(bookmarkRoutes, {
    prefix: "/v1",
    db,
    stories,
    community,
    bookmarks,
    guards,
    links,
  });
  await app.register(libraryRoutes, {
    prefix: "/v1",
    db,
    stories,
    library: new LibraryQueries(db),
    guards,
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
  await app.register(epubRoutes, {
    prefix: "/v1",
    guards,
    epub: epubDeps(db, settings, metrics, { community, comments, media }),
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
  await app.register(notificationRoutes, {
    prefix: "/v1",
    db,
    guards,
    unsubscribeLinks: new UnsubscribeLinks(settings.readHashSecret),
    push: {
      publicKey: settings.vapid?.publicKey ?? null,
      allowLocalHttpEndpoints: deps.pushEndpointsOnLoopback ?? false,
    },
  });
  await app.register(priceRoutes, { prefix: "/v1", db, community, guards, links });
  await app.register(categoryRoutes, storyReading);
  await registerAds(app, db, guards, settings.readHashSecret);
  await registerPayments(app, deps, guards);
  await registerLiveChannels(app, deps, { users, profiles, allowance, guards });
  metrics.liveSockets(() => app.websocketServer.clients.size);
  return app;
}

/** House ads and affiliate links (docs/decisions/032): readers' routes, then admins'. */
async function registerAds(
  app: FastifyInstance,
  db: AppDeps["db"],
  guards: AuthGuards,
  readHashSecret: string,
): Promise<void> {
  await app.register(adRoutes, { prefix: "/v1", db, guards, readHashSecret });
  await app.register(adminAdRoutes, { prefix: "/v1", db, guards });
}

/**
 * The limits the bff replicas share through the api: its cached visitor answers count against the
 * per-address limit (decision 037), and its WebSocket caps are slots kept here (decision 050).
 */
async function registerSharedLimits(
  app: FastifyInstance,
  db: Database,
  settings: AppSettings,
  guards: AuthGuards,
  anonymousRequests: RateLimiters["anonymousRequests"],
): Promise<void> {
  await app.register(limitRoutes, { prefix: "/v1", guards, anonymousRequests });
  const socketSlots = createSocketSlots(db, settings.addressLimits.socketSlotLeaseSeconds);
  app.addHook("onClose", async () => socketSlots.close());
  await app.register(socketSlotRoutes, { prefix: "/v1", guards, slots: socketSlots });
}

/** Stories as EPUB books, kept in memory per story state and access (docs/decisions/060). */
function epubDeps(
  db: Database,
  settings: AppSettings,
  metrics: ApiMetrics,
  shared: Pick<StoryEpubDeps, "community" | "comments" | "media">,
): StoryEpubDeps {
  return {
    ...shared,
    exports: new ExportsQueries(db),
    publicBaseUrl: settings.publicBaseUrl,
    cache: createEpubCache(),
    onLookup: (outcome) => metrics.cacheLookups.inc({ cache: "epub", outcome }),
  };
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
