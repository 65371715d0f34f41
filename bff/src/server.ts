// express 5 + Apollo Server 5 + graphql-ws on one port and one path (/graphql), plus the built
// client with an SPA fallback and the runtime config the client boots from.
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type OperationDefinitionNode,
} from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import type { BffConfig } from "./config.js";
import {
  authorizationFromConnectionParams,
  createContextBuilder,
  type GraphQLContext,
} from "./graphql/context.js";
import { graphqlCors, graphqlCorsHeaders } from "./transport/cors.js";
import {
  errorAnswer,
  notFoundAnswer,
  refuseUndecodablePath,
  requireUtf8,
} from "./transport/error-pages.js";
import {
  keepLimitErrorCode,
  operationLimitsRules,
  subscriptionsOverWebSocketOnly,
} from "./graphql/limits.js";
import { mediaProxy } from "./transport/media-proxy.js";
import { MEDIA_PATH } from "./upstream/media-urls.js";
import { createFirstDataRunner } from "./pages/first-data.js";
import { appHtmlRoutes, crawlerRoutes, type PageRoutesOptions } from "./pages/page-routes.js";
import type { SitemapOptions } from "./pages/sitemap.js";
import { playground } from "./transport/playground.js";
import { createSchema } from "./graphql/schema.js";
import { securityHeaders } from "./transport/security-headers.js";
import { connectRest, type ClientHeaders } from "./upstream/rest-client.js";
import { createStoryStreamBridge, type StoryStreamOptions } from "./upstream/story-stream.js";
import { readiness, SERVICE_RESTART } from "./transport/readiness.js";
import { createWsAdmission, type TrustProxy } from "./transport/ws-admission.js";
import { FIRST_DATA_DOCUMENTS } from "./__generated__/first-data-documents.js";
import {
  createVisitorCache,
  jsonAfterEarlyRead,
  wroteSomething,
  publicReadFields,
  type EarlyHeaders,
} from "./transport/visitor-cache/index.js";
import proxyAddr from "proxy-addr";
import { createVisitorTurns } from "./transport/visitor-turns.js";
import { countAnonymousTurns } from "./upstream/anonymous-turns.js";

const MAX_BODY = "100kb";
const MAX_WS_MESSAGE = 64 * 1024;
/** The most bytes of answers the visitor cache keeps (docs/decisions/029-bff-visitor-cache.md). */
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
  // Its answers take turns of the api's shared per-address limit (docs/decisions/029).
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
  // Apollo turns introspection off for HTTP in production; graphql-ws needs the rule itself.
  const socketRules = [
    ...specifiedRules,
    ...validationRules,
    ...(config.production ? [NoSchemaIntrospectionCustomRule] : []),
  ];

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const security = securityHeaders(config);
  // A visitor's cached public read is answered before express (docs/decisions/029).
  const early = visitorCache.early({
    security: headersSetBy(security),
    cors: graphqlCorsHeaders(config.corsOrigins),
    clientIp: (req) => proxyAddr(req, app.get("trust proxy fn") as TrustProxy),
  });
  const httpServer = http.createServer((req, res) => early(req, res, app));

  // The upgrade goes through the admission first (ws-admission.ts): sockets per address, the
  // token at connection_init, sockets per person, operations per socket.
  const wsServer = new WebSocketServer({
    noServer: true,
    path: "/graphql",
    maxPayload: MAX_WS_MESSAGE,
  });
  const admission = createWsAdmission({
    limits: config.websocket,
    server: wsServer,
    rest,
    // express's compiled `trust proxy`, so a socket's address is the one req.ip would be.
    trustProxy: (address, hop) => (app.get("trust proxy fn") as TrustProxy)(address, hop),
    clientHeaders,
  });
  httpServer.on("upgrade", admission.upgrade);
  // graphql-ws gets the same parse limits, validation rules and context as HTTP.
  const wsCleanup = useServer<Record<string, unknown>>(
    {
      schema,
      onConnect: (ctx) =>
        admission.connect(
          ctx.extra.socket,
          ctx.extra.request,
          authorizationFromConnectionParams(ctx.connectionParams),
        ),
      // A mutation that wrote empties the visitor cache (docs/decisions/029).
      onNext: (_ctx, _id, _payload, args, result) => {
        const mutation = args.document.definitions.find(
          (definition): definition is OperationDefinitionNode =>
            definition.kind === Kind.OPERATION_DEFINITION && definition.operation === "mutation",
        );
        const answer = result as { data?: Record<string, unknown> | null };
        if (mutation && wroteSomething(answer, mutation)) {
          visitorCache.clear();
        }
      },
      onSubscribe: (ctx, _id, payload) => {
        // graphql-ws has already entered this operation among the socket's subscriptions.
        const refusal = admission.operationRefusal(Object.keys(ctx.subscriptions).length);
        if (refusal) return [refusal];
        let document;
        try {
          document = parse(payload.query, { maxTokens: config.limits.maxTokens });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError("Invalid query.")];
        }
        const errors = validate(schema, document, socketRules);
        if (errors.length > 0) return errors;
        const contextValue: GraphQLContext = buildContext(
          authorizationFromConnectionParams(ctx.connectionParams),
          clientHeaders(ctx.extra.request),
        );
        return {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
          contextValue,
        };
      },
    },
    wsServer,
    // graphql-ws pings every interval and drops a socket whose pong is not back within another.
    config.websocket.pingIntervalMs,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    validationRules,
    parseOptions: { maxTokens: config.limits.maxTokens },
    introspection: !config.production,
    hideSchemaDetailsFromClientErrors: config.production,
    includeStacktraceInErrorResponses: false,
    formatError: keepLimitErrorCode,
    csrfPrevention: true,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // Apollo's landing page loads from a CDN; ours is bundled (playground.ts).
      ApolloServerPluginLandingPageDisabled(),
      // The schema gives no cache hints, and the default cache-control plugin would still wrap
      // every field of every answer (docs/decisions/022-site-benchmark-and-graphql-hot-path.md).
      ApolloServerPluginCacheControlDisabled(),
      subscriptionsOverWebSocketOnly,
      visitorCache.plugin,
      {
        async serverWillStart() {
          return {
            async drainServer() {
              storyStreams.close();
              await wsCleanup.dispose();
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
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get(
    "/readyz",
    readiness(() => draining),
  );
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
    app.use(
      "/assets",
      refuseUndecodablePath(),
      // The build's brotli or gzip twin of a file when the browser takes it (Content-Encoding,
      // Vary: Accept-Encoding), else the file itself.
      expressStaticGzip(path.join(config.clientDist, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: {
          immutable: true,
          maxAge: "1y",
          // A missing asset is a 404, never the app's HTML in its place.
          fallthrough: false,
        },
      }),
    );
    app.use(express.static(config.clientDist, { index: false, maxAge: "1h" }));
    // Every other GET is a client route: the app's HTML, with a story's preview and the first
    // data of / and of a story (pages/page-routes.ts); the SPA decides the rest, its 404 included.
    app.use(appHtmlRoutes({ ...pages, indexHtmlPath: pages.indexHtmlPath }));
  }
  app.use(notFoundAnswer());
  app.use(errorAnswer());

  return {
    httpServer,
    listen: () =>
      new Promise((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(config.port, config.host, () => {
          const address = httpServer.address();
          const port = typeof address === "object" && address ? address.port : config.port;
          resolve(`http://${config.host}:${port}`);
        });
      }),
    async stop() {
      // Readiness fails at once; graphql-ws clients reconnect through the balancer elsewhere and
      // resubscribe (a story's subscription starts again from its snapshot).
      draining = true;
      for (const socket of wsServer.clients) socket.close(SERVICE_RESTART, "Service restart");
      storyStreams.close();
      await apollo.stop();
      wsServer.close();
      // The turns its visitors took from memory are sent before the api connection closes.
      await visitorTurns.close();
      await rest.close();
    },
  };
}

/** The headers a middleware that only sets headers (helmet) sets on every answer. */
function headersSetBy(middleware: express.RequestHandler): EarlyHeaders["security"] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let called = false;
  void middleware({ headers: {} } as express.Request, res as unknown as express.Response, () => {
    called = true;
  });
  if (!called) throw new Error("the security headers middleware did not pass the request on");
  return [...headers];
}

/**
 * As a proxy does: the caller's X-Forwarded-For with the caller's own address appended, and its
 * browser; the api believes them only from its trusted proxies (TRUSTED_PROXIES).
 */
function clientHeaders(req: http.IncomingMessage): ClientHeaders {
  const address = req.socket.remoteAddress;
  const earlier = req.headers["x-forwarded-for"];
  const chain = [...(Array.isArray(earlier) ? earlier : earlier ? [earlier] : []), address]
    .filter(Boolean)
    .join(", ");
  const userAgent = req.headers["user-agent"];
  return {
    ...(chain ? { "x-forwarded-for": chain } : {}),
    ...(userAgent ? { "user-agent": userAgent } : {}),
  };
}
