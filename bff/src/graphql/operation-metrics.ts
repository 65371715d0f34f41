// Each GraphQL operation over HTTP, timed and counted by name, with the calls it made to the api
// (docs/decisions/046); its trace span named after it (decision 047).
import type { ApolloServerPlugin } from "@apollo/server";
import { nameActiveSpan } from "@storyloom/common/tracing";
import type { GraphQLContext } from "./context.js";

export interface OperationObservation {
  /** The client's operation name; null for an anonymous one. */
  name: string | null;
  /** query, mutation, subscription; `unknown` when it did not parse or validate. */
  type: string;
  outcome: "ok" | "error";
  seconds: number;
  upstreamCalls: number;
}

export function operationMetrics(
  observe: (observed: OperationObservation) => void,
): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async didResolveOperation({ operation, operationName }) {
          const type = operation?.operation ?? "unknown";
          nameActiveSpan(`graphql ${type} ${operationName ?? "anonymous"}`, {
            "graphql.operation.type": type,
            "graphql.operation.name": operationName ?? "",
          });
        },
        async willSendResponse({ operation, operationName, errors, contextValue }) {
          observe({
            name: operationName ?? null,
            type: operation?.operation ?? "unknown",
            outcome: errors?.length ? "error" : "ok",
            seconds: (performance.now() - started) / 1000,
            upstreamCalls: contextValue.upstreamCalls(),
          });
        },
      };
    },
  };
}
