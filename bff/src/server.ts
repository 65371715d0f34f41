// express 5 + Apollo Server 5 + graphql-ws on one port and one path (/graphql), plus the built
// client with an SPA fallback and the runtime config the client boots from.
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { expressMiddleware } from "@as-integrations/express5";
import express from "express";
import { GraphQLError, parse, specifiedRules, validate } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import type { BffConfig } from "./config.js";
import {
  authorizationFromConnectionParams,
  createContextBuilder,
  type GraphQLContext,
} from "./context.js";
import { operationLimitsRule } from "./limits.js";
import { MEDIA_PATH, mediaProxy } from "./media-proxy.js";
import { createSchema } from "./schema.js";
import { connectRest, type ClientHeaders } from "./upstream/rest-client.js";
import { createStoryStreamBridge, type StoryStreamOptions } from "./upstream/story-stream.js";

const MAX_BODY = "100kb";
const MAX_WS_MESSAGE = 64 * 1024;

export interface BffServer {
  httpServer: http.Server;
  listen(): Promise<string>;
  stop(): Promise<void>;
}

/** Seams for tests: how the story-stream bridge opens and retries its upstream sockets. */
export type BffServerOptions = Omit<StoryStreamOptions, "apiUrl">;

export async function createBffServer(
  config: BffConfig,
  options: BffServerOptions = {},
): Promise<BffServer> {
  const schema = createSchema();
  const rest = connectRest(config.apiUrl);
  const storyStreams = createStoryStreamBridge({ ...options, apiUrl: config.apiUrl });
  const buildContext = createContextBuilder(rest, storyStreams);
  const validationRules = [operationLimitsRule(config.limits)];

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  const httpServer = http.createServer(app);

  const wsServer = new WebSocketServer({
    server: httpServer,
    path: "/graphql",
    maxPayload: MAX_WS_MESSAGE,
  });
  // graphql-ws gets the same parse limits, validation rules and context as HTTP.
  const wsCleanup = useServer<Record<string, unknown>>(
    {
      schema,
      onSubscribe: (ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query, { maxTokens: config.limits.maxTokens });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError("Invalid query.")];
        }
        const errors = validate(schema, document, [...specifiedRules, ...validationRules]);
        if (errors.length > 0) return errors;
        const contextValue: GraphQLContext = buildContext(
          authorizationFromConnectionParams(ctx.connectionParams),
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
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    validationRules,
    parseOptions: { maxTokens: config.limits.maxTokens },
    introspection: !config.production,
    hideSchemaDetailsFromClientErrors: config.production,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
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

  app.use((_req, res, next) => {
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
    next();
  });
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  // The client boots from this, so one build serves the emulator and a real Firebase project.
  app.get("/config.json", (_req, res) => {
    res.setHeader("cache-control", "no-cache");
    res.json({ firebase: config.firebase, authEmulatorUrl: config.authEmulatorUrl });
  });
  app.get(`${MEDIA_PATH}/:id`, mediaProxy(rest, clientHeaders));
  app.use(
    "/graphql",
    express.json({ limit: MAX_BODY }),
    expressMiddleware(apollo, {
      context: async ({ req }) => buildContext(req.headers.authorization, clientHeaders(req)),
    }),
  );

  if (config.clientDist && existsSync(path.join(config.clientDist, "index.html"))) {
    const indexHtml = path.join(config.clientDist, "index.html");
    app.use(
      "/assets",
      express.static(path.join(config.clientDist, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(config.clientDist, { index: false, maxAge: "1h" }));
    // Every other GET is a client route: the SPA decides (including its 404 page).
    app.get("/{*path}", (_req, res) => {
      res.setHeader("cache-control", "no-cache");
      res.sendFile(indexHtml);
    });
  }

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
      storyStreams.close();
      await apollo.stop();
      wsServer.close();
      await rest.close();
    },
  };
}

/**
 * As a proxy does: the caller's X-Forwarded-For with the caller's own address appended, and its
 * browser; the api believes them only from its trusted proxies (TRUSTED_PROXIES).
 */
function clientHeaders(req: express.Request): ClientHeaders {
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
