// Which requests the visitor cache may answer: a visitor's query whose root fields are all public
// list reads, keyed by its operation, variables and text (docs/decisions/037-bff-visitor-cache.md).
import type { Request } from "express";
import { Kind, parse, type DocumentNode, type GraphQLSchema } from "graphql";
import { LRUCache } from "lru-cache";

/** Documents whose cacheability was decided, kept so a miss parses a known document once. */
export const KNOWN_DOCUMENTS = 500;

/** A GraphQL request as Apollo would run it. */
export interface Operation {
  query: string;
  operationName: string | undefined;
  variables: unknown;
}

/**
 * The root Query fields whose visitor answers may be shared: those of the home page's first-data
 * operations (the public lists, which the api's own micro-cache keeps too), checked against the
 * schema at start-up.
 */
export function publicReadFields(schema: GraphQLSchema, documents: readonly string[]): Set<string> {
  const queryType = schema.getQueryType();
  const fields = new Set<string>();
  for (const text of documents) {
    for (const definition of parse(text).definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== "query") {
        continue;
      }
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD || selection.name.value === "__typename") continue;
        if (!queryType?.getFields()[selection.name.value]) {
          throw new Error(`${selection.name.value} is not a field of Query`);
        }
        fields.add(selection.name.value);
      }
    }
  }
  return fields;
}

/**
 * Whether `document`'s operation `operationName` is a query whose root selections are all fields
 * from `allowed` (or __typename): no fragment at the root, nothing else.
 */
export function isPublicRead(
  document: DocumentNode,
  operationName: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    operationName === undefined
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((definition) => definition.name?.value === operationName);
  if (!operation || operation.operation !== "query") return false;
  return operation.selectionSet.selections.every(
    (selection) =>
      selection.kind === Kind.FIELD &&
      (selection.name.value === "__typename" || allowed.has(selection.name.value)),
  );
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The operation of a POST's parsed JSON body; null when it is not one Apollo could run. */
export function operationOfBody(parsed: unknown): Operation | null {
  const body = parsed as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  if (typeof body.query !== "string" || body.extensions !== undefined) return null;
  if (body.operationName !== undefined && typeof body.operationName !== "string") return null;
  return { query: body.query, operationName: body.operationName, variables: body.variables };
}

/** The operation of a POST's JSON body or a GET's query string; null when it is neither. */
export function operationOf(req: Request): Operation | null {
  if (req.method === "POST") return operationOfBody(req.body);
  if (req.method !== "GET" || !preflighted(req)) return null;
  const search = new URL(req.originalUrl, "http://bff").searchParams;
  const query = search.get("query");
  if (query === null || search.has("extensions")) return null;
  const rawVariables = search.get("variables");
  let variables: unknown;
  try {
    variables = rawVariables === null ? undefined : JSON.parse(rawVariables);
  } catch {
    return null;
  }
  return { query, operationName: search.get("operationName") ?? undefined, variables };
}

/**
 * Apollo's CSRF prevention lets a GET through only with a header a simple request cannot carry;
 * the cache answers no GET Apollo would refuse.
 */
function preflighted(req: Request): boolean {
  const type = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  const simple =
    type === undefined ||
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"].includes(type);
  return (
    !simple ||
    req.headers["apollo-require-preflight"] !== undefined ||
    req.headers["x-apollo-operation-name"] !== undefined
  );
}

export interface Cacheability {
  /** Whether the operation is a public read, decided once per document. */
  isCacheable(operation: Operation): boolean;
  /** The key its answer is kept under. */
  keyOf(operation: Operation): string;
}

/** `maxTokens`: the parse limit of /graphql, so deciding costs no more than Apollo's parse. */
export function createCacheability(allowed: ReadonlySet<string>, maxTokens: number): Cacheability {
  const cacheable = new LRUCache<string, boolean>({ max: KNOWN_DOCUMENTS });
  return {
    isCacheable(operation) {
      const documentKey = `${operation.operationName ?? ""}\n${operation.query}`;
      const known = cacheable.get(documentKey);
      if (known !== undefined) return known;
      let decision = false;
      try {
        const document = parse(operation.query, { maxTokens });
        decision = isPublicRead(document, operation.operationName, allowed);
      } catch {
        // Apollo answers the syntax error itself.
      }
      cacheable.set(documentKey, decision);
      return decision;
    },
    keyOf: (operation) =>
      `${operation.operationName ?? ""}\n${stableJson(operation.variables ?? {})}\n${operation.query}`,
  };
}
