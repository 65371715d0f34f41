// Apollo Server over the schema: the web app's trusted documents by id (decision 051), the
// operation limits and their code, no introspection nor schema details in production, no stack
// traces, CSRF prevention, and none of Apollo's own landing page or cache hints; the plugins of
// the server it runs in (its drain, the visitor cache) are the caller's.
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import type { GraphQLSchema, ValidationRule } from "graphql";
import type { GraphQLContext } from "./context.js";
import { keepLimitErrorCode, subscriptionsOverWebSocketOnly } from "./limits.js";
import {
  trustedDocumentStore,
  unknownDocumentMessage,
  type TrustedDocuments,
} from "./trusted-documents.js";

export interface ApolloServerOptions {
  schema: GraphQLSchema;
  /** The operation limits' rules (limits.ts). */
  validationRules: ValidationRule[];
  maxTokens: number;
  production: boolean;
  plugins: Array<ApolloServerPlugin<GraphQLContext>>;
  /** The web app's operations by id (trusted-documents.ts). */
  trustedDocuments: TrustedDocuments;
}

export function createApolloServer(options: ApolloServerOptions): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    schema: options.schema,
    validationRules: options.validationRules,
    parseOptions: { maxTokens: options.maxTokens },
    introspection: !options.production,
    hideSchemaDetailsFromClientErrors: options.production,
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => unknownDocumentMessage(keepLimitErrorCode(formatted, error)),
    // The web app's documents by id; a document sent with its hash is run, never kept.
    persistedQueries: trustedDocumentStore(options.trustedDocuments),
    csrfPrevention: true,
    plugins: [
      // Apollo's landing page loads from a CDN; ours is bundled (transport/playground.ts).
      ApolloServerPluginLandingPageDisabled(),
      // The schema gives no cache hints, and the default cache-control plugin would still wrap
      // every field of every answer (docs/decisions/022-site-benchmark-and-graphql-hot-path.md).
      ApolloServerPluginCacheControlDisabled(),
      subscriptionsOverWebSocketOnly,
      ...options.plugins,
    ],
  });
}
