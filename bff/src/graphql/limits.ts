// GraphQL operation limits on depth, aliases, directives, cost and api calls (GRAPHQL_MAX_*,
// docs/configuration.md#bff; docs/decisions/013-graphql-operation-cost.md): the same rules guard HTTP and
// graphql-ws, and each takes time in proportion to the document, however its fragments nest.
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import type { ApolloServerPlugin } from "@apollo/server";
import { ApolloServerErrorCode } from "@apollo/server/errors";
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { queryTooComplex } from "./errors.js";
import { OperationCostMeter, OperationTooCostly } from "./operation-cost.js";

/** The limits of one operation (GRAPHQL_MAX_*). */
export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxCost: number;
  maxDirectives: number;
  maxUpstreamCalls: number;
}

/** Refuses an operation costing more, or calling the api more often, than allowed. */
export function operationCostRule(limits: GraphQLLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragments.set(definition.name.value, definition);
      }
    }
    // One meter per document: a fragment is measured once for all its operations.
    const meter = new OperationCostMeter(context.getSchema(), fragments, limits);
    return {
      OperationDefinition(operation) {
        try {
          meter.measure(operation);
        } catch (error) {
          if (!(error instanceof OperationTooCostly)) throw error;
          context.reportError(queryTooComplex(error.message));
        }
        return false;
      },
    };
  };
}

/** Every limit, as validation rules. */
export function operationLimitsRules(limits: GraphQLLimits): ValidationRule[] {
  // GraphQL Armor's rules measure each fragment once; their refusal becomes ours.
  const armor = {
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(queryTooComplex(error.message.replace(/^Syntax Error: /, ""))),
    ],
  };
  return [
    maxDepthRule({
      n: limits.maxDepth,
      flattenFragments: true,
      ignoreIntrospection: false,
      ...armor,
    }),
    // Every alias counts, __typename's too (Armor lets those through by default).
    maxAliasesRule({ n: limits.maxAliases, allowList: [], ...armor }),
    maxDirectivesRule({ n: limits.maxDirectives, ...armor }),
    operationCostRule(limits),
  ];
}

/**
 * Apollo's formatError: a limit's refusal keeps its code over HTTP, as over graphql-ws (Apollo
 * labels every validation error GRAPHQL_VALIDATION_FAILED otherwise).
 */
export function keepLimitErrorCode(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  if (original instanceof GraphQLError && original.extensions.code === "QUERY_TOO_COMPLEX") {
    return { ...formatted, extensions: { ...formatted.extensions, code: "QUERY_TOO_COMPLEX" } };
  }
  return formatted;
}

/** Subscriptions need a socket: over HTTP they are refused with a 400 that says where to go. */
export const subscriptionsOverWebSocketOnly: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== "subscription") return;
        throw new GraphQLError(
          "Subscriptions are served over WebSocket at /graphql (graphql-ws).",
          { extensions: { code: ApolloServerErrorCode.BAD_REQUEST, http: { status: 400 } } },
        );
      },
    };
  },
};
