// The bff's entry point that puts the rooms together: express 5 + Apollo Server 5 + graphql-ws on
// one port and one path (/graphql), the pages, the pictures, and the built client with an SPA
// fallback and the runtime config the client boots from.
import type { GraphQLSchema } from "graphql";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { expressMiddleware } from "@as-integrations/express5";
import compression from "compression";
import express from "express";
import { serveMetrics, type MetricsListen, type MetricsListener } from "@storyloom/common/metrics";
import { tracedRequests, tracerOf } from "@storyloom/common/tracing";
import { Registry } from "prom-client";
import proxyAddr from "proxy-addr";
import { FIRST_DATA_DOCUMENTS } from "./__generated__/first-data-documents.js";
import { TRUSTED_DOCUMENTS } from "./__generated__/trusted-documents.js";
import type { BffConfig } from "./config.js";
import { createApolloServer } from "./graphql/apollo-server.js";
import { createContextBuilder } from "./graphql/context.js";
import { operationLimitsRules } from "./graphql/limits.js";
import { operationMetrics } from "./graphql/operation-metrics.js";
import { createBffMetrics, type BffMetrics } from "./metrics.js";
import { createSchema } from "./graphql/schema.js";
import type { TrustedDocuments } from "./graphql/trusted-documents.js";
import { createFirstDataRunner } from "./pages/first-data.js";
import { appHtmlRoutes, crawlerRoutes, type PageRoutesOptions } from "./pages/page-routes.js";
import type { SitemapOptions } from "./pages/sitemap.js";
import { builtAssets } from "./transport/built-assets.js";
import { clientHeaders } from "./transport/client-headers.js";
import { graphqlCors, graphqlCorsHeaders } from "./transport/cors.js";
import { errorAnswer, notFoundAnswer, requireUtf8 } from "./transport/error-pages.js";
import { serveGraphQLOverWebSocket } from "./transport/graphql-websocket.js";
import { mediaProxy } from "./transport/media-proxy.js";
import { EPUB_PATH, epubProxy } from "./transport/epub-proxy.js";
import { unsubscribeRoutes } from "./transport/unsubscribe-page.js";
import { playground } from "./transport/playground.js";
import { schemaSdl } from "./transport/schema-sdl.js";
import { healthRoutes, SERVICE_RESTART } from "./transport/readiness.js";
import { listen } from "./transport/listen.js";
import { headersSetBy, securityHeaders } from "./transport/security-headers.js";
import {
  createVisitorCache,
  jsonAfterEarlyRead,
  publicReadFields,
} from "./transport/visitor-cache/index.js";
import { createVisitorTurns, type VisitorTurns } from "./transport/visitor-turns.js";
import type { TrustProxy } from "./transport/ws-admission.js";
import { countAnonymousTurns } from "./upstream/anonymous-turns.js";
import { MEDIA_PATH } from "./upstream/media-urls.js";
import { connectRest, type RestConnection } from "./upstream/rest-client.js";
import { createStoryStreamBridge, type StoryStreamOptions } from "./upstream/story-stream.js";
import { rememberViewerStates } from "./upstream/remembered-viewer-states.js";
import { viewerStatesFrom } from "./upstream/viewer-states.js";

const MAX_BODY = "100kb";
/** The most bytes of answers the visitor cache keeps (docs/decisions/037-bff-visitor-cache.md). */
const VISITOR_CACHE_BYTES = 8 * 1024 * 1024;

export interface BffServer {
  httpServer: http.Server;
  /** Listens on the public port and on the metrics port; resolves with the public URL. */
  listen(): Promise<string>;
  /** http://host:port/metrics once listening (docs/decisions/046). */
  metricsUrl(): string | null;
  stop(): Promise<void>;
}

/**
 * Seams for tests: how the story-stream bridge opens and retries its upstream sockets, and the
 * sitemap's file and page sizes; and the registry the metrics go to (main.ts: the process's, with
 * its default metrics; a bare one otherwise).
 */
export type BffServerOptions = Omit<StoryStreamOptions, "apiUrl"> & {
  sitemap?: SitemapOptions;
  registry?: Registry;
  /** The clock graphql-ws sockets' tokens expire by (ms since the epoch); tests move it. */
  now?: () => number;
  /** The web app's operations by id (decision 051): those built with it unless a test says. */
  trustedDocuments?: TrustedDocuments;
};

export async function createBffServer(
  config: BffConfig,
  options: BffServerOptions = {},
): Promise<BffServer> {
  const schema = createSchema();
  const { sitemap, registry, now, trustedDocuments: documents, ...streamOptions } = options;
  const trustedDocuments = documents ?? TRUSTED_DOCUMENTS;
  const metrics = createBffMetrics(registry ?? new Registry());
  const rest = connectRest(config.apiUrl, config.limits.maxUpstreamCalls, metrics.upstream);
  const storyStreams = createStoryStreamBridge({ ...streamOptions, apiUrl: config.apiUrl });
  const buildContext = createContextBuilder(rest, storyStreams);
  const validationRules = operationLimitsRules(config.limits);
  // Its answers take turns of the api's shared per-address limit (docs/decisions/037).
  const visitorTurns = createVisitorTurns(countAnonymousTurns(rest));
  const visitorCache = sharedVisitorCache(
    config,
    schema,
    metrics,
    rest,
    visitorTurns,
    trustedDocuments,
  );

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // express's compiled `trust proxy`, so an address found outside express is the one req.ip is.
  const trustProxy: TrustProxy = (address, hop) =>
    (app.get("trust proxy fn") as TrustProxy)(address, hop);
  const security = securityHeaders(config);
  // A visitor's cached public read is answered before express (docs/decisions/037).
  const early = visitorCache.early({
    security: headersSetBy(security),
    cors: graphqlCorsHeaders(config.corsOrigins),
    clientIp: (req) => proxyAddr(req, trustProxy),
  });
  const httpServer = measuredServer(metrics, (req, res) => early(req, res, app));

  const webSocket = serveGraphQLOverWebSocket({
    httpServer,
    schema,
    validationRules,
    maxTokens: config.limits.maxTokens,
    trustedDocuments,
    production: config.production,
    limits: config.websocket,
    rest,
    trustProxy,
    clientHeaders,
    buildContext,
    // A mutation that wrote empties the visitor cache (docs/decisions/037).
    onWrite: visitorCache.wrote,
    onRefusal: metrics.refusal,
    ...(now ? { now } : {}),
  });
  metrics.webSockets(webSocket.use);

  const apollo = createApolloServer({
    schema,
    validationRules,
    maxTokens: config.limits.maxTokens,
    production: config.production,
    trustedDocuments,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      visitorCache.plugin,
      operationMetrics(metrics.operation),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              storyStreams.close();
              await webSocket.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  app.use(security);
  // Answers made per request (GraphQL, index.html, JSON) are compressed as they go; the built
  // assets are served from their .br/.gz twins below, which this leaves alone.
  app.use(compression());
  // Liveness, and readiness for the balancer (docs/decisions/027-replicas-behind-haproxy.md).
  let draining = false;
  app.use(healthRoutes(() => draining));
  // The client boots from this, so one build serves the emulator and a real Firebase project.
  app.get("/config.json", (_req, res) => {
    res.setHeader("cache-control", "no-cache");
    res.json({ firebase: config.firebase, authEmulatorUrl: config.authEmulatorUrl });
  });
  app.get(`${MEDIA_PATH}/:id`, mediaProxy(rest, clientHeaders));
  // Stories as EPUB books, with the caller's identity (docs/decisions/060).
  app.get(`${EPUB_PATH}/:id`, epubProxy(rest, clientHeaders));
  // The e-mail digest's one-click unsubscribe links (docs/decisions/057).
  app.use(unsubscribeRoutes(rest, clientHeaders));
  const indexHtml = config.clientDist ? path.join(config.clientDist, "index.html") : null;
  const pages: PageRoutesOptions = {
    settings: config.pages,
    rest,
    firstData: createFirstDataRunner(apollo, buildContext, config.pages.pageDataTimeoutMs),
    clientHeaders,
    indexHtmlPath: indexHtml && existsSync(indexHtml) ? indexHtml : null,
    ...(sitemap ? { sitemap } : {}),
  };
  app.use(crawlerRoutes(pages));
  app.use("/graphql", graphqlCors(config.corsOrigins));
  app.use(schemaSdl(schema));
  app.use(playground(config));
  app.use(
    "/graphql",
    jsonAfterEarlyRead(express.json({ limit: MAX_BODY, verify: requireUtf8 })),
    visitorCache.middleware(apollo, (req) => buildContext(null, clientHeaders(req))),
    expressMiddleware(apollo, {
      context: async ({ req }) => buildContext(req.headers.authorization, clientHeaders(req)),
    }),
  );

  if (config.clientDist && pages.indexHtmlPath) {
    app.use("/assets", ...builtAssets(path.join(config.clientDist, "assets")));
    app.use(express.static(config.clientDist, { index: false, maxAge: "1h" }));
    // Every other GET is a client route: the app's HTML, with a story's preview and the first
    // data of / and of a story (pages/page-routes.ts); the SPA decides the rest, its 404 included.
    app.use(appHtmlRoutes({ ...pages, indexHtmlPath: pages.indexHtmlPath }));
  }
  app.use(notFoundAnswer());
  app.use(errorAnswer());

  const server = {
    httpServer,
    listen: () => listen(httpServer, config.host, config.port),
    async stop() {
      // Readiness fails at once; graphql-ws clients reconnect through the balancer elsewhere and
      // resubscribe (a story's subscription starts again from its snapshot).
      draining = true;
      webSocket.closeSockets(SERVICE_RESTART, "Service restart");
      storyStreams.close();
      await apollo.stop();
      webSocket.close();
      // The turns its visitors took from memory are sent before the api connection closes.
      await visitorTurns.close();
      await rest.close();
    },
  };
  return withMetricsListener(server, metrics.registry, config.metrics);
}

/**
 * The visitor cache: the public lists of the home page's first data are the reads a visitor's
 * answer is shared for (decision 037), with a member's own state laid over (decision 043).
 */
function sharedVisitorCache(
  config: BffConfig,
  schema: GraphQLSchema,
  metrics: BffMetrics,
  rest: RestConnection,
  visitorTurns: VisitorTurns,
  trustedDocuments: TrustedDocuments,
) {
  return createVisitorCache(
    {
      ...config.visitorCache,
      trustedDocuments,
      maxBytes: VISITOR_CACHE_BYTES,
      maxTokens: config.limits.maxTokens,
      onLookup: metrics.cacheLookup,
      schema,
    },
    publicReadFields(
      schema,
      FIRST_DATA_DOCUMENTS.home.map(({ query }) => query),
    ),
    visitorTurns,
    { clientHeaders },
    rememberViewerStates(viewerStatesFrom(rest), config.visitorCache.memberStatesMs),
  );
}

/** The HTTP server: every answer timed, and in a trace span when tracing is on (decision 047). */
function measuredServer(metrics: BffMetrics, handler: http.RequestListener): http.Server {
  return http.createServer(
    tracedRequests(tracerOf("storyloom-bff"), (req, res) => {
      metrics.measure(req, res);
      handler(req, res);
    }),
  );
}

/** The metrics listener beside the public one, listening and stopping with it (decision 046). */
function withMetricsListener(
  server: Omit<BffServer, "metricsUrl">,
  registry: Registry,
  at: MetricsListen,
): BffServer {
  let listener: MetricsListener | null = null;
  return {
    httpServer: server.httpServer,
    async listen() {
      const url = await server.listen();
      listener = await serveMetrics(registry, at);
      return url;
    },
    metricsUrl: () => listener?.url ?? null,
    async stop() {
      await listener?.close();
      await server.stop();
    },
  };
}
