// Apollo Server over the schema: the operation limits and their code, no introspection nor schema
// details in production, no stack traces, CSRF prevention, and none of Apollo's own landing page
// or cache hints; the plugins of the server it runs in (its drain, the visitor cache) are the
// caller's.
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import type { GraphQLSchema, ValidationRule } from "graphql";
import type { GraphQLContext } from "./context.js";
import { keepLimitErrorCode, subscriptionsOverWebSocketOnly } from "./limits.js";

export interface ApolloServerOptions {
  schema: GraphQLSchema;
  /** The operation limits' rules (limits.ts). */
  validationRules: ValidationRule[];
  maxTokens: number;
  production: boolean;
  plugins: Array<ApolloServerPlugin<GraphQLContext>>;
}

export function createApolloServer(options: ApolloServerOptions): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    schema: options.schema,
    validationRules: options.validationRules,
    parseOptions: { maxTokens: options.maxTokens },
    introspection: !options.production,
    hideSchemaDetailsFromClientErrors: options.production,
    includeStacktraceInErrorResponses: false,
    formatError: keepLimitErrorCode,
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
