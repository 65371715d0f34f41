// The bff's entry point that puts the rooms together: express 5 + Apollo Server 5 + graphql-ws on
// one port and one path (/graphql), the pages, the pictures, and the built client with an SPA
// fallback and the runtime config the client boots from.
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { expressMiddleware } from "@as-integrations/express5";
import compression from "compression";
import express from "express";
import proxyAddr from "proxy-addr";
import { FIRST_DATA_DOCUMENTS } from "./__generated__/first-data-documents.js";
import type { BffConfig } from "./config.js";
import { createApolloServer } from "./graphql/apollo-server.js";
import { createContextBuilder } from "./graphql/context.js";
import { operationLimitsRules } from "./graphql/limits.js";
import { createSchema } from "./graphql/schema.js";
import { createFirstDataRunner } from "./pages/first-data.js";
import { appHtmlRoutes, crawlerRoutes, type PageRoutesOptions } from "./pages/page-routes.js";
import type { SitemapOptions } from "./pages/sitemap.js";
import { builtAssets } from "./transport/built-assets.js";
import { clientHeaders } from "./transport/client-headers.js";
import { graphqlCors, graphqlCorsHeaders } from "./transport/cors.js";
import { errorAnswer, notFoundAnswer, requireUtf8 } from "./transport/error-pages.js";
import { serveGraphQLOverWebSocket } from "./transport/graphql-websocket.js";
import { mediaProxy } from "./transport/media-proxy.js";
import { playground } from "./transport/playground.js";
import { healthRoutes, SERVICE_RESTART } from "./transport/readiness.js";
import { listen } from "./transport/listen.js";
import { headersSetBy, securityHeaders } from "./transport/security-headers.js";
import {
  createVisitorCache,
  jsonAfterEarlyRead,
  publicReadFields,
} from "./transport/visitor-cache/index.js";
import { createVisitorTurns } from "./transport/visitor-turns.js";
import type { TrustProxy } from "./transport/ws-admission.js";
import { countAnonymousTurns } from "./upstream/anonymous-turns.js";
import { MEDIA_PATH } from "./upstream/media-urls.js";
import { connectRest } from "./upstream/rest-client.js";
import { createStoryStreamBridge, type StoryStreamOptions } from "./upstream/story-stream.js";

const MAX_BODY = "100kb";
/** The most bytes of answers the visitor cache keeps (docs/decisions/037-bff-visitor-cache.md). */
const VISITOR_CACHE_BYTES = 8 * 1024 * 1024;

export interface BffServer {
  httpServer: http.Server;
  listen(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Seams for tests: how the story-stream bridge opens and retries its upstream sockets, and the
 * sitemap's file and page sizes.
 */
export type BffServerOptions = Omit<StoryStreamOptions, "apiUrl"> & { sitemap?: SitemapOptions };

export async function createBffServer(
  config: BffConfig,
  options: BffServerOptions = {},
): Promise<BffServer> {
  const schema = createSchema();
  const rest = connectRest(config.apiUrl, config.limits.maxUpstreamCalls);
  const { sitemap, ...streamOptions } = options;
  const storyStreams = createStoryStreamBridge({ ...streamOptions, apiUrl: config.apiUrl });
  const buildContext = createContextBuilder(rest, storyStreams);
  const validationRules = operationLimitsRules(config.limits);
  // Its answers take turns of the api's shared per-address limit (docs/decisions/037).
  const visitorTurns = createVisitorTurns(countAnonymousTurns(rest));
  // The public lists of the home page's first data are the reads a visitor's answer is shared for.
  const visitorCache = createVisitorCache(
    {
      ...config.visitorCache,
      maxBytes: VISITOR_CACHE_BYTES,
      maxTokens: config.limits.maxTokens,
    },
    publicReadFields(
      schema,
      FIRST_DATA_DOCUMENTS.home.map(({ query }) => query),
    ),
    visitorTurns,
    { clientHeaders },
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
  const httpServer = http.createServer((req, res) => early(req, res, app));

  const webSocket = serveGraphQLOverWebSocket({
    httpServer,
    schema,
    validationRules,
    maxTokens: config.limits.maxTokens,
    production: config.production,
    limits: config.websocket,
    rest,
    trustProxy,
    clientHeaders,
    buildContext,
    // A mutation that wrote empties the visitor cache (docs/decisions/037).
    onWrite: visitorCache.clear,
  });

  const apollo = createApolloServer({
    schema,
    validationRules,
    maxTokens: config.limits.maxTokens,
    production: config.production,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      visitorCache.plugin,
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
  app.use(playground(config));
  app.use(
    "/graphql",
    jsonAfterEarlyRead(express.json({ limit: MAX_BODY, verify: requireUtf8 })),
    visitorCache.middleware(apollo, (req) =>
      buildContext(req.headers.authorization, clientHeaders(req)),
    ),
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

  return {
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
}
