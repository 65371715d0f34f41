import { parse } from "graphql";

/**
 * The operation to run: right after a tab switch GraphiQL 4 may still send the operation name (and
 * parsed document) of the tab left behind, which the server refuses as
 * OPERATION_RESOLUTION_FAILURE. So the name is checked against the query text itself: a name it
 * has is kept; with a single operation, that one's name; otherwise the name as given, for the
 * server to judge.
 */
export function operationToRun(
  query: string,
  operationName: string | null | undefined,
): string | null | undefined {
  let names: Array<string | null>;
  try {
    names = parse(query).definitions.flatMap((definition) =>
      definition.kind === "OperationDefinition" ? [definition.name?.value ?? null] : [],
    );
  } catch {
    return operationName;
  }
  if (operationName && names.includes(operationName)) return operationName;
  if (names.length === 1) return names[0] ?? undefined;
  return operationName;
}
