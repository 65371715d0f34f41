// graphql-ws on /graphql, on the HTTP server's port: the upgrade goes through the admission first
// (ws-admission.ts: sockets per address, the token at connection_init, sockets per person,
// operations per socket), then every operation gets the same parse limits, validation rules and
// context as over HTTP.
import type http from "node:http";
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { authorizationFromConnectionParams, type GraphQLContext } from "../graphql/context.js";
import type { ClientHeaders, RestConnection } from "../upstream/rest-client.js";
import { wroteSomething } from "./visitor-cache/index.js";
import { createWsAdmission, type TrustProxy, type WebSocketLimits } from "./ws-admission.js";

const MAX_WS_MESSAGE = 64 * 1024;

export interface GraphQLWebSocketOptions {
  httpServer: http.Server;
  schema: GraphQLSchema;
  /** The operation limits' rules, as Apollo runs them over HTTP. */
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  /** Introspection is off in production; Apollo turns it off over HTTP, graphql-ws needs the rule. */
  production: boolean;
  limits: WebSocketLimits;
  rest: RestConnection;
  trustProxy: TrustProxy;
  clientHeaders: (req: http.IncomingMessage) => ClientHeaders;
  buildContext: (authorization: unknown, client?: ClientHeaders) => GraphQLContext;
  /** A mutation over the socket changed something (the visitor cache forgets, decision 037). */
  onWrite: () => void;
}

export interface GraphQLWebSocket {
  /** Closes every open socket with `code`: its clients reconnect (through the balancer). */
  closeSockets(code: number, reason: string): void;
  /** graphql-ws's own cleanup, for Apollo's drain. */
  dispose(): Promise<void>;
  close(): void;
}

export function serveGraphQLOverWebSocket(options: GraphQLWebSocketOptions): GraphQLWebSocket {
  const { schema, buildContext } = options;
  const rules = [
    ...specifiedRules,
    ...options.validationRules,
    ...(options.production ? [NoSchemaIntrospectionCustomRule] : []),
  ];
  const wsServer = new WebSocketServer({
    noServer: true,
    path: "/graphql",
    maxPayload: MAX_WS_MESSAGE,
  });
  const admission = createWsAdmission({
    limits: options.limits,
    server: wsServer,
    rest: options.rest,
    trustProxy: options.trustProxy,
    clientHeaders: options.clientHeaders,
  });
  options.httpServer.on("upgrade", admission.upgrade);
  const cleanup = useServer<Record<string, unknown>>(
    {
      schema,
      onConnect: (ctx) =>
        admission.connect(
          ctx.extra.socket,
          ctx.extra.request,
          authorizationFromConnectionParams(ctx.connectionParams),
        ),
      onNext: (_ctx, _id, _payload, args, result) => {
        const mutation = args.document.definitions.find(
          (definition): definition is OperationDefinitionNode =>
            definition.kind === Kind.OPERATION_DEFINITION && definition.operation === "mutation",
        );
        const answer = result as { data?: Record<string, unknown> | null };
        if (mutation && wroteSomething(answer, mutation)) options.onWrite();
      },
      onSubscribe: (ctx, _id, payload) => {
        // graphql-ws has already entered this operation among the socket's subscriptions.
        const refusal = admission.operationRefusal(Object.keys(ctx.subscriptions).length);
        if (refusal) return [refusal];
        let document;
        try {
          document = parse(payload.query, { maxTokens: options.maxTokens });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError("Invalid query.")];
        }
        const errors = validate(schema, document, rules);
        if (errors.length > 0) return errors;
        const contextValue: GraphQLContext = buildContext(
          authorizationFromConnectionParams(ctx.connectionParams),
          options.clientHeaders(ctx.extra.request),
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
    options.limits.pingIntervalMs,
  );
  return {
    closeSockets(code, reason) {
      for (const socket of wsServer.clients) socket.close(code, reason);
    },
    async dispose() {
      await cleanup.dispose();
    },
    close: () => wsServer.close(),
  };
}
