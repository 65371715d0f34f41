// Which requests the visitor cache may answer: a visitor's query whose root fields are all public
// list reads, keyed by its operation, variables and text, the listed text for the web app's
// documents sent by id (docs/decisions/037-bff-visitor-cache.md, 051-trusted-documents.md).
import type { Request } from "express";
import { Kind, parse, type DocumentNode, type GraphQLSchema } from "graphql";
import { LRUCache } from "lru-cache";
import { sharedWithMembers } from "../../graphql/audience.js";
import {
  documentIdOf,
  trustedText,
  type TrustedDocuments,
} from "../../graphql/trusted-documents.js";

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

/** The extensions a body may have and still be answered from memory. */
const ANSWER_NEUTRAL = new Set(["persistedQuery", "clientLibrary"]);

/**
 * The text a body runs: its query, or the web app's listed text of the id it sends alone
 * (decision 051), so both forms of one document share one key. Null for anything else (an unknown
 * id, a query with its hash, other extensions): Apollo answers those.
 */
function queryOfBody(body: Record<string, unknown>, documents: TrustedDocuments): string | null {
  const extensions = (body.extensions ?? {}) as Record<string, unknown>;
  if (typeof extensions !== "object" || Array.isArray(extensions)) return null;
  // Apollo Client names itself in `clientLibrary`, which changes nothing of the answer.
  if (Object.keys(extensions).some((name) => !ANSWER_NEUTRAL.has(name))) return null;
  if (extensions.persistedQuery === undefined) {
    return typeof body.query === "string" ? body.query : null;
  }
  if (body.query !== undefined) return null;
  const id = documentIdOf(extensions);
  return (id !== undefined && trustedText(documents, id)) || null;
}

/**
 * The operation of a POST's parsed JSON body; null when it is not one Apollo could run.
 * `documents`: the web app's operations by id.
 */
export function operationOfBody(parsed: unknown, documents: TrustedDocuments): Operation | null {
  const body = parsed as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const query = queryOfBody(body, documents);
  if (query === null) return null;
  if (body.operationName !== undefined && typeof body.operationName !== "string") return null;
  return { query, operationName: body.operationName, variables: body.variables };
}

/** The operation of a POST's JSON body or a GET's query string; null when it is neither. */
export function operationOf(req: Request, documents: TrustedDocuments): Operation | null {
  if (req.method === "POST") return operationOfBody(req.body, documents);
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
  /**
   * Whether a member may be answered with its shared answer and their own state laid over it (it
   * is a public read asking for no other per-viewer field; decision 043).
   */
  isSharedWithMembers(operation: Operation): boolean;
  /** The key its answer is kept under. */
  keyOf(operation: Operation): string;
}

/**
 * `maxTokens`: the parse limit of /graphql, so deciding costs no more than Apollo's parse;
 * `schema`: where a selected field's type is found, to decide whether members may share it.
 */
export function createCacheability(
  allowed: ReadonlySet<string>,
  maxTokens: number,
  schema: GraphQLSchema,
): Cacheability {
  const decisions = new LRUCache<string, { visitors: boolean; members: boolean }>({
    max: KNOWN_DOCUMENTS,
  });
  function decide(operation: Operation) {
    const documentKey = `${operation.operationName ?? ""}\n${operation.query}`;
    const known = decisions.get(documentKey);
    if (known !== undefined) return known;
    const decision = { visitors: false, members: false };
    try {
      const document = parse(operation.query, { maxTokens });
      decision.visitors = isPublicRead(document, operation.operationName, allowed);
      decision.members = decision.visitors && sharedWithMembers(schema, document);
    } catch {
      // Apollo answers the syntax error itself.
    }
    decisions.set(documentKey, decision);
    return decision;
  }
  return {
    isCacheable: (operation) => decide(operation).visitors,
    isSharedWithMembers: (operation) => decide(operation).members,
    keyOf: (operation) =>
      `${operation.operationName ?? ""}\n${stableJson(operation.variables ?? {})}\n${operation.query}`,
  };
}
