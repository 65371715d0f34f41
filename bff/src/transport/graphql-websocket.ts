// graphql-ws on /graphql, on the HTTP server's port: the upgrade goes through the admission first
// (ws-admission.ts: sockets per address, the token at connection_init, sockets per person,
// operations per socket), then every operation gets the same parse limits, validation rules and
// context as over HTTP; the web app's operations come by id (decision 051).
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
import {
  DOCUMENT_NOT_FOUND,
  DOCUMENT_NOT_FOUND_MESSAGE,
  documentIdOf,
  trustedText,
  type TrustedDocuments,
} from "../graphql/trusted-documents.js";
import type { ClientHeaders, RestConnection } from "../upstream/rest-client.js";
import { wroteSomething } from "./visitor-cache/index.js";
import {
  createWsAdmission,
  type TrustProxy,
  type WebSocketLimits,
  type WsLimit,
} from "./ws-admission.js";

const MAX_WS_MESSAGE = 64 * 1024;

export interface GraphQLWebSocketOptions {
  httpServer: http.Server;
  schema: GraphQLSchema;
  /** The operation limits' rules, as Apollo runs them over HTTP. */
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  /** The web app's operations by id: it sends `query: ""` and the id in `extensions` (decision 051). */
  trustedDocuments: TrustedDocuments;
  /** Introspection is off in production; Apollo turns it off over HTTP, graphql-ws needs the rule. */
  production: boolean;
  limits: WebSocketLimits;
  rest: RestConnection;
  trustProxy: TrustProxy;
  clientHeaders: (req: http.IncomingMessage) => ClientHeaders;
  buildContext: (authorization: unknown, client?: ClientHeaders) => GraphQLContext;
  /** A mutation over the socket changed something (the visitor cache forgets, decision 037). */
  onWrite: (authorization: string | null) => void;
  /** Told of each refusal by a cap (ws-admission.ts). */
  onRefusal?: (limit: WsLimit) => void;
  /** The clock sockets' tokens expire by (ws-admission.ts); tests move it. */
  now?: () => number;
}

export interface GraphQLWebSocket {
  /** Closes every open socket with `code`: its clients reconnect (through the balancer). */
  closeSockets(code: number, reason: string): void;
  /** graphql-ws's own cleanup, for Apollo's drain. */
  dispose(): Promise<void>;
  close(): void;
  /** Open sockets and the operations running on them, now (the metrics read it when scraped). */
  use(): { sockets: number; subscriptions: number };
}

/**
 * The text an operation runs: the one it sends, or the web app's listed one for the id it names
 * without text; an error for an id not listed.
 */
function operationText(
  documents: TrustedDocuments,
  payload: { query: string; extensions?: Record<string, unknown> | null },
): string | GraphQLError {
  const id = payload.query === "" ? documentIdOf(payload.extensions) : undefined;
  if (id === undefined) return payload.query;
  return (
    trustedText(documents, id) ??
    new GraphQLError(DOCUMENT_NOT_FOUND_MESSAGE, { extensions: { code: DOCUMENT_NOT_FOUND } })
  );
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
    ...(options.onRefusal ? { onRefusal: options.onRefusal } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  // Each acknowledged socket's operations, as graphql-ws keeps them, until it closes.
  const connected = new Set<{ subscriptions: Record<string, unknown> }>();
  options.httpServer.on("upgrade", admission.upgrade);
  const cleanup = useServer<Record<string, unknown>>(
    {
      schema,
      onConnect: async (ctx) => {
        const admitted = await admission.connect(
          ctx.extra.socket,
          ctx.extra.request,
          authorizationFromConnectionParams(ctx.connectionParams),
        );
        if (admitted) connected.add(ctx);
        return admitted;
      },
      onClose: (ctx) => void connected.delete(ctx),
      onNext: (ctx, _id, _payload, args, result) => {
        const mutation = args.document.definitions.find(
          (definition): definition is OperationDefinitionNode =>
            definition.kind === Kind.OPERATION_DEFINITION && definition.operation === "mutation",
        );
        const answer = result as { data?: Record<string, unknown> | null };
        if (mutation && wroteSomething(answer, mutation)) {
          const authorization = authorizationFromConnectionParams(ctx.connectionParams);
          options.onWrite(typeof authorization === "string" ? authorization : null);
        }
      },
      onSubscribe: (ctx, _id, payload) => {
        // graphql-ws has already entered this operation among the socket's subscriptions.
        const refusal = admission.operationRefusal(Object.keys(ctx.subscriptions).length);
        if (refusal) return [refusal];
        const query = operationText(options.trustedDocuments, payload);
        if (query instanceof GraphQLError) return [query];
        let document;
        try {
          document = parse(query, { maxTokens: options.maxTokens });
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
    close: () => {
      admission.close();
      wsServer.close();
    },
    use() {
      let subscriptions = 0;
      for (const ctx of connected) subscriptions += Object.keys(ctx.subscriptions).length;
      return { sockets: wsServer.clients.size, subscriptions };
    },
  };
}
