// Bad requests for every route of the api's OpenAPI document, as fast-check generators: each
// generated request has exactly one thing wrong with it (its credentials, one path parameter, one
// query parameter or its body) and everything else right, so the api must refuse it for that one
// thing (docs/decisions/015-input-validation-at-the-edge.md).
import { isApiId } from "@storyloom/common";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import {
  badApiCursor,
  badId,
  forbiddenText,
  ID_CHARACTERS,
  preview,
  tooLong,
  withForbiddenCharacter,
} from "../../../scripts/lib/bad-input.mjs";
import { BODY_LIMIT_BYTES } from "../app.js";
import { MAX_PATH_PARAMETER_LENGTH } from "../platform/http/error-handler.js";

/** The parts of a JSON schema the generators read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}

/** One route of the OpenAPI document. */
export interface Operation {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** The document's path template: `/v1/stories/{id}`. */
  path: string;
  operationId: string;
  parameters: Parameter[];
  /** The JSON body's schema; null for routes that take no body. */
  body: JsonSchema | null;
  /** The route reads a bearer token (required or optional). */
  readsToken: boolean;
  /** The statuses the document lists. */
  statuses: number[];
}

interface DocumentOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
  responses: Record<string, unknown>;
}

/** Every operation of an OpenAPI document (`app.swagger()`, `openApiDocument()`). */
export function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths: Record<string, Record<string, DocumentOperation>> }).paths;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation["method"],
      path,
      operationId: operation.operationId,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.["application/json"]?.schema ?? null,
      readsToken: (operation.security ?? []).some((scheme) => "bearerAuth" in scheme),
      statuses: Object.keys(operation.responses).map(Number),
    })),
  );
}

/** A generated request: what is wrong with it, and how to send it. */
export class BadRequest {
  constructor(
    /** What is wrong with it, in a few words. */
    readonly what: string,
    readonly request: InjectOptions & { method: string; url: string },
  ) {}

  /** How fast-check shows a counterexample: the request line and what is wrong, not the body. */
  [fc.toStringMethod](): string {
    return `${this.request.method} ${preview(this.request.url)}: ${this.what}`;
  }
}

/** The rest of a request, all of it right: a caller's headers and a value for each parameter. */
export interface GoodParts {
  headers: Record<string, string>;
  /** A value each path parameter may take: an object the caller may act on. */
  path: Record<string, string>;
}

/** A kind of bad request an operation can get. */
export interface Family {
  name: "credentials" | "path" | "query" | "body";
  requests: fc.Arbitrary<BadRequest>;
}

/**
 * The kinds of bad request `operation` can get: bad credentials on routes that read a token, a
 * bad value for any of its parameters, a bad body on routes that read one. None for a route that
 * takes no input at all.
 */
export function familiesOf(operation: Operation, good: GoodParts): Family[] {
  const families: Array<{ name: Family["name"]; requests: fc.Arbitrary<RequestPart> }> = [];
  if (operation.readsToken) families.push({ name: "credentials", requests: badCredentials() });
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === "path");
  if (pathParameters.length > 0) {
    families.push({ name: "path", requests: badPath(pathParameters) });
  }
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === "query");
  if (queryParameters.length > 0) {
    families.push({ name: "query", requests: badQuery(queryParameters) });
  }
  // Browsers and fetch send no body with GET; Fastify reads none.
  if (operation.method !== "GET") {
    families.push({ name: "body", requests: badBody(operation.body) });
  }
  return families.map((family) => ({
    name: family.name,
    requests: family.requests.map((bad) => complete(operation, good, bad)),
  }));
}

/** A part of a request, before the good parts fill in the rest. */
interface RequestPart {
  what: string;
  headers?: Record<string, string>;
  path?: Record<string, string>;
  query?: string;
  payload?: string;
}

function complete(operation: Operation, good: GoodParts, bad: RequestPart): BadRequest {
  const path = { ...good.path, ...bad.path };
  const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = path[name];
    if (value === undefined) {
      throw new Error(`${operation.operationId}: no value for the path parameter ${name}`);
    }
    return value;
  });
  return new BadRequest(bad.what, {
    method: operation.method,
    url: bad.query ? `${url}?${bad.query}` : url,
    headers: { ...good.headers, ...bad.headers },
    ...(bad.payload === undefined ? {} : { payload: bad.payload }),
  });
}

/**
 * A path segment or query value as a client would escape it. A URL carries bytes, and a lone
 * surrogate has no UTF-8 form: it goes as the bytes a careless encoder writes for it (CESU-8).
 */
export function escapeForUrl(value: string): string {
  let escaped = "";
  for (const character of value) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      escaped += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else {
      escaped += encodeURIComponent(character);
    }
  }
  return escaped;
}

/** Bytes no URL decoder reads as text. */
const MALFORMED_ESCAPES = ["%", "%zz", "%C0%AF", "%FF", "%E0%A4%A", "a%"];

// ---- credentials -------------------------------------------------------------------------------

const TOKEN_CHARACTERS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=",
];

/** Authorization headers that name no one: garbage, other schemes, JWT-shaped junk. */
function badCredentials(): fc.Arbitrary<RequestPart> {
  const token = fc.string({ unit: fc.constantFrom(...TOKEN_CHARACTERS), minLength: 1 });
  const segment = fc.base64String({ minLength: 4, maxLength: 60 });
  const jwtShaped = fc
    .tuple(segment, segment, fc.string({ unit: fc.constantFrom(...TOKEN_CHARACTERS) }))
    .map(([header, payload, signature]) => `${header}.${payload}.${signature}`);
  const authorization = fc.oneof(
    token.map((value) => `Bearer ${value}`),
    jwtShaped.map((value) => `Bearer ${value}`),
    tooLong(8_000, TOKEN_CHARACTERS).map((value) => `Bearer ${value}`),
    fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer a b", "Token abc", "null"),
  );
  return authorization.map((value) => ({
    what: `Authorization: ${preview(value)}`,
    headers: { authorization: value },
  }));
}

// ---- path --------------------------------------------------------------------------------------

function badPath(parameters: Parameter[]): fc.Arbitrary<RequestPart> {
  return fc.constantFrom(...parameters).chain((parameter) =>
    fc
      .oneof(
        { weight: 6, arbitrary: badId().map(escapeForUrl) },
        { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES) },
        // Longer than the router hands to any route.
        { weight: 1, arbitrary: tooLong(MAX_PATH_PARAMETER_LENGTH) },
        // Well formed, but no such object (a number far past any the fixtures make).
        { weight: 1, arbitrary: noSuchObject(parameter) },
      )
      .map((segment) => ({
        what: `path ${parameter.name}=${preview(segment)}`,
        path: { [parameter.name]: segment },
      })),
  );
}

/** A segment of the parameter's form that names nothing. */
function noSuchObject(parameter: Parameter): fc.Arbitrary<string> {
  if (parameter.schema.type === "integer") {
    return fc
      .integer({ min: 100_000, max: Number(parameter.schema.maximum ?? 1_000_000) })
      .map(String);
  }
  return fc.string({ unit: fc.constantFrom(...ID_CHARACTERS), minLength: 1, maxLength: 64 });
}

// ---- query -------------------------------------------------------------------------------------

/** Values of the parameter that the route takes, for the parameters left right. */
function goodQueryValues(parameter: Parameter): fc.Arbitrary<string> | null {
  const { schema } = parameter;
  if (parameter.name === "cursor") return null; // only the api hands out cursors
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === "integer") return fc.constant(String(schema.minimum ?? 1));
  if (schema.type === "boolean") return fc.constantFrom("false", "true");
  return fc.constant("tale");
}

const urlSafe = { surrogates: false };

/** Values the parameter cannot take, for its type and limits. */
function badQueryValue(parameter: Parameter): fc.Arbitrary<string> {
  const { schema } = parameter;
  const variants: fc.Arbitrary<string>[] = [];
  if (schema.enum) {
    variants.push(fc.constantFrom("", "NEWEST", "oldest", "0", "null"), forbiddenText(10, urlSafe));
  } else if (schema.type === "integer") {
    const { minimum, maximum } = schema;
    // Not "1.5" or "0x10": query strings are converted as TypeBox converts them (to 1 and 16).
    variants.push(
      fc.constantFrom("abc", "1e999", "NaN", "12abc", "--1", "\u0000"),
      forbiddenText(5, urlSafe),
    );
    if (minimum !== undefined) {
      variants.push(fc.integer({ min: minimum - 1_000_000, max: minimum - 1 }).map(String));
    }
    if (maximum !== undefined) {
      variants.push(
        fc.oneof(
          fc.integer({ min: maximum + 1, max: maximum + 1_000_000 }).map(String),
          fc.constantFrom("9007199254740993", "99999999999999999999999"),
        ),
      );
    }
  } else if (schema.type === "boolean") {
    variants.push(fc.constantFrom("maybe", "2", "truth", "-1", "\u0000"));
  } else {
    variants.push(forbiddenText(Math.min(schema.maxLength ?? 40, 40), urlSafe));
    if (schema.maxLength !== undefined) variants.push(tooLong(schema.maxLength));
    if (parameter.name === "cursor") variants.push(badApiCursor(), badApiCursor());
    if (parameter.name === "ids") {
      variants.push(
        fc
          .array(fc.oneof(badId(urlSafe), fc.constant("abc")), { minLength: 1, maxLength: 5 })
          .map((ids) => ids.join(","))
          // A bad id with a comma in it ("a,b") can split into good ones, and the route trims each
          // id and skips blank ones (" ,abc" is "abc"): keep lists that, read as the route reads
          // them, hold a bad id or none at all.
          .filter((list) => {
            const ids = list
              .split(",")
              .map((id) => id.trim())
              .filter(Boolean);
            return ids.length === 0 || ids.some((id) => !isApiId(id));
          }),
      );
    }
  }
  return fc.oneof(...variants);
}

function badQuery(parameters: Parameter[]): fc.Arbitrary<RequestPart> {
  return fc.constantFrom(...parameters).chain((bad) => {
    // Required parameters always, the others sometimes, each with a good value.
    const others = parameters.flatMap((parameter) => {
      const good = parameter.name === bad.name ? null : goodQueryValues(parameter);
      if (good === null) return [];
      const value = parameter.required ? good : fc.option(good, { nil: undefined });
      return [value.map((text) => [parameter.name, text] as const)];
    });
    return fc
      .tuple(fc.tuple(...others), badQueryValue(bad), fc.boolean())
      .map(([goodPairs, value, twice]) => {
        const pairs = goodPairs.filter(
          (pair): pair is readonly [string, string] => pair[1] !== undefined,
        );
        pairs.push([bad.name, value]);
        // Sent twice, a parameter arrives as a list, not as the one value the route takes.
        if (twice) pairs.push([bad.name, value]);
        return {
          what: `query ${bad.name}=${preview(value)}${twice ? " (twice)" : ""}`,
          query: pairs.map(([name, text]) => `${name}=${escapeForUrl(text)}`).join("&"),
        };
      });
  });
}

// ---- body --------------------------------------------------------------------------------------

const json = { "content-type": "application/json" };

/** Bodies refused before any route reads them: not JSON, not JSON at all, too large. */
function unreadableBody(good: unknown): fc.Arbitrary<RequestPart> {
  const text = JSON.stringify(good ?? { note: "tale" });
  return fc.oneof(
    // Cut short anywhere: never valid JSON, never blank.
    fc.integer({ min: 1, max: text.length - 1 }).map((at) => ({
      what: `JSON cut at ${at}`,
      headers: json,
      payload: text.slice(0, at),
    })),
    fc
      .constantFrom(
        "{",
        "nul",
        "{'title': 'x'}",
        '{"title": "x",}',
        '{"a":"\\x"}',
        "\u0000",
        '{"__proto__": {"polluted": true}}',
        '{"constructor": {"prototype": {"polluted": true}}}',
      )
      .map((payload) => ({ what: `body ${preview(payload)}`, headers: json, payload })),
    fc
      .constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
      )
      .map((type) => ({
        what: `body as ${type}`,
        headers: { "content-type": type },
        payload: text,
      })),
    fc.constant({
      what: "a body over the size limit",
      headers: json,
      payload: JSON.stringify({ title: "x".repeat(BODY_LIMIT_BYTES + 1) }),
    }),
  );
}

/** A body the schema takes: every property with a simple good value, nullable ones null. */
function goodInstance(schema: JsonSchema): unknown {
  const branch = nonNullBranch(schema);
  if (branch !== schema) return null;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          goodInstance(property),
        ]),
      );
    case "array":
      return schema.items ? [goodInstance(schema.items)] : [];
    case "string":
      return goodString(schema);
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return false;
    default:
      return null;
  }
}

function goodString(schema: JsonSchema): string {
  if (schema.pattern?.startsWith("^https?://")) return "https://example.com/a.png";
  if (schema.pattern) return "tale_teller";
  return "A tale";
}

/** The non-null branch of a nullable schema (`anyOf: [X, null]`); the schema itself otherwise. */
function nonNullBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf?.filter((branch) => branch.type !== "null") ?? [];
  return branches.length === 1 && branches[0] ? branches[0] : schema;
}

/** A path into a body and the schema found there. */
interface Leaf {
  path: Array<string | number>;
  schema: JsonSchema;
  /** null is a good value here (`anyOf: [X, null]`). */
  nullable: boolean;
}

/** Every value of a body the schema describes, objects and arrays included. */
function leavesOf(schema: JsonSchema, path: Array<string | number> = []): Leaf[] {
  const node = nonNullBranch(schema);
  const leaves: Leaf[] = [{ path, schema: node, nullable: node !== schema }];
  if (node.type === "object") {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      leaves.push(...leavesOf(property, [...path, name]));
    }
  } else if (node.type === "array" && node.items) {
    leaves.push(...leavesOf(node.items, [...path, 0]));
  }
  return leaves;
}

/** The good body with the value at `path` replaced (nullable objects on the way are filled in). */
function withValueAt(schema: JsonSchema, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const node = nonNullBranch(schema);
  const [head, ...rest] = path;
  if (node.type === "array" && node.items) {
    const items = goodInstance(node) as unknown[];
    items[0] = withValueAt(node.items, rest, value);
    return items;
  }
  const object = goodInstance(node) as Record<string, unknown>;
  const property = node.properties?.[head as string];
  object[head as string] = property ? withValueAt(property, rest, value) : value;
  return object;
}

/** Values `schema` refuses, or the rules behind it do. */
function badValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const wrongTypes = fc.constantFrom<unknown>(12, true, [], {}, "tale");
  if (schema.enum) return fc.constantFrom<unknown>("", "SHORT", "none", 1, null);
  switch (schema.type) {
    case "string": {
      const variants: fc.Arbitrary<unknown>[] = [
        withForbiddenCharacter(goodString(schema)),
        withForbiddenCharacter(goodString(schema)),
        fc.constantFrom<unknown>(12, true, [], {}),
      ];
      if (schema.maxLength !== undefined) variants.push(tooLong(schema.maxLength));
      return fc.oneof(...variants);
    }
    case "integer":
      // Beyond what a database integer holds, fractions, text.
      return fc.constantFrom<unknown>(1.5, "1", -1, 2 ** 31, 2 ** 53, 1e21, -1e21, null, []);
    case "boolean":
      return fc.constantFrom<unknown>("true", 1, 0, null, {});
    case "array":
      return fc.constantFrom<unknown>("tale", 12, {}, null);
    case "object":
      return fc.oneof(
        fc.constant(goodInstance(schema)).map((good) => ({
          ...(good as object),
          unknown_field: 1,
        })),
        fc.constantFrom<unknown>([], "tale", 12),
      );
    default:
      return wrongTypes;
  }
}

function badBody(schema: JsonSchema | null): fc.Arbitrary<RequestPart> {
  if (schema === null) return unreadableBody(null);
  const good = goodInstance(schema);
  const leaves = leavesOf(schema);
  const brokenLeaf = fc
    .constantFrom(...leaves)
    .chain((leaf) =>
      badValue(leaf.schema)
        .filter((value) => !(leaf.nullable && value === null))
        .map((value) => ({ leaf, body: withValueAt(schema, leaf.path, value) })),
    )
    .map(({ leaf, body }) => {
      const payload = JSON.stringify(body);
      return {
        what: `body ${leaf.path.join(".") || "(whole)"}: ${preview(payload)}`,
        headers: json,
        payload,
      };
    });
  return fc.oneof(
    { weight: 3, arbitrary: brokenLeaf },
    { weight: 1, arbitrary: unreadableBody(good) },
  );
}
