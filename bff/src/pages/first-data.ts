// A page's first data: the client's own first operations (generated from its documents into
// __generated__/first-data-documents.ts), run in-process against this bff's schema as a visitor,
// within a time bound, so their answers travel with the HTML
// (docs/decisions/020-page-html-previews-and-first-data.md).
import type { ApolloServer } from "@apollo/server";
import { Kind, parse } from "graphql";
import type { GraphQLContext } from "../graphql/context.js";
import {
  FIRST_DATA_DOCUMENTS,
  type FirstDataRoute,
} from "../__generated__/first-data-documents.js";
import type { ClientHeaders } from "../upstream/rest-client.js";

/** The id of the inlined element; the client reads it (client/src/apollo/first-data.ts). */
export const FIRST_DATA_ELEMENT_ID = "storyloom-first-data";

export interface FirstDataResult {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

export interface FirstDataRunner {
  /**
   * The answers of the route's operations that came back whole and without errors before the
   * deadline; an operation that failed or is late is left out (the client asks for it itself).
   */
  run(
    route: FirstDataRoute,
    variables: Record<string, unknown>,
    client: ClientHeaders,
  ): Promise<FirstDataResult[]>;
}

/**
 * The variables an operation declares, of those given: a route's operations share one set (the
 * page's), and each answer is filed under the variables the client's own request would carry.
 */
function declaredVariables(query: string) {
  const names = new Set(
    parse(query).definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? (definition.variableDefinitions ?? []).map((variable) => variable.variable.name.value)
        : [],
    ),
  );
  return (variables: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(variables).filter(([name]) => names.has(name)));
}

export function createFirstDataRunner(
  apollo: ApolloServer<GraphQLContext>,
  buildContext: (authorization: unknown, client?: ClientHeaders) => GraphQLContext,
  timeoutMs: number,
): FirstDataRunner {
  async function runOne(
    operationName: string,
    query: string,
    variables: Record<string, unknown>,
    client: ClientHeaders,
  ): Promise<FirstDataResult | null> {
    // As a visitor (no token), with the caller's address so the api's per-address limits and its
    // logs see the real client; Apollo applies the same parse and validation limits as /graphql.
    const response = await apollo.executeOperation(
      { query, operationName, variables },
      { contextValue: buildContext(null, client) },
    );
    if (response.body.kind !== "single") return null;
    const { data, errors } = response.body.singleResult;
    if (errors?.length || !data) return null;
    // A query whose root field is null (an unknown story) has nothing worth inlining.
    if (Object.values(data).some((value) => value === null)) return null;
    return { operationName, variables, data };
  }

  // Parsed once: each operation with the variables it declares.
  const operations = new Map(
    (Object.keys(FIRST_DATA_DOCUMENTS) as FirstDataRoute[]).map((route) => [
      route,
      FIRST_DATA_DOCUMENTS[route].map(({ operationName, query }) => ({
        operationName,
        query,
        variablesOf: declaredVariables(query),
      })),
    ]),
  );

  return {
    async run(route, variables, client) {
      const answers = await Promise.all(
        (operations.get(route) ?? []).map(({ operationName, query, variablesOf }) =>
          withinTime(() => runOne(operationName, query, variablesOf(variables), client), timeoutMs),
        ),
      );
      return answers.filter((answer): answer is FirstDataResult => answer !== null);
    },
  };
}

/**
 * What `start` resolves to if it comes within `ms`, else null (also when it fails; with ms 0 it is
 * not started). A late call is not aborted: it ends on its own, and its answer is dropped.
 */
export async function withinTime<T>(start: () => Promise<T | null>, ms: number): Promise<T | null> {
  if (ms <= 0) return null;
  const settled = start().catch(() => null);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
