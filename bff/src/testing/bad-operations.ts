// Bad requests for every Query and Mutation field of schema.graphql, as fast-check generators: each
// generated operation has exactly one thing wrong with it (the caller's credentials, or one
// argument) and everything else right, so the BFF must refuse it for that one thing
// (docs/decisions/015-input-validation-at-the-edge.md).
import fc from "fast-check";
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import {
  badApiCursor,
  badId,
  forbiddenText,
  ID_CHARACTERS,
  preview,
  tooLong,
} from "../../../scripts/lib/bad-input.mjs";
import { globalId, type GlobalIdType } from "../graphql/global-id.js";
import { encodeCursor } from "../graphql/pagination.js";

/** One root field of the schema, as an operation to call. */
export interface Operation {
  kind: "query" | "mutation";
  field: GraphQLField<unknown, unknown>;
}

export function operationsOf(schema: GraphQLSchema): Operation[] {
  const of = (kind: Operation["kind"], fields: Record<string, GraphQLField<unknown, unknown>>) =>
    Object.values(fields).map((field) => ({ kind, field }));
  return [
    ...of("query", schema.getQueryType()?.getFields() ?? {}),
    ...of("mutation", schema.getMutationType()?.getFields() ?? {}),
  ];
}

/** The objects the good arguments name: each one the caller may act on. */
export interface GoodObjects {
  /** A completed public story of the caller's. */
  completed: { id: string; publicId: string };
  /** A story of the caller's waiting for review (confirm and regenerate take it). */
  ready: { id: string; publicId: string };
  /** Another reader's comment on the completed story (global id). */
  comment: string;
}

/** A generated request: what is wrong with it, the operation and who sends it. */
export class BadOperation {
  constructor(
    readonly what: string,
    readonly query: string,
    readonly variables: Record<string, unknown>,
    /** The Authorization header; the caller's own unless the credentials are what is wrong. */
    readonly authorization: string | null,
  ) {}

  [fc.toStringMethod](): string {
    return this.what;
  }
}

/** A kind of bad request an operation can get. */
export interface Family {
  name: "credentials" | "argument";
  operations: fc.Arbitrary<BadOperation>;
}

/**
 * The kinds of bad request `operation` can get: bad credentials (every operation reaches the api
 * with them), and a bad value for any of its arguments.
 */
export function familiesOf(operation: Operation, good: GoodObjects, token: string): Family[] {
  const { field } = operation;
  const document = operationDocument(operation);
  const goodArguments = goodArgumentsOf(field, good);
  const families: Family[] = [
    {
      name: "credentials",
      operations: badAuthorization().map(
        (authorization) =>
          new BadOperation(
            `${field.name} with Authorization: ${preview(authorization)}`,
            document,
            goodArguments,
            authorization,
          ),
      ),
    },
  ];
  const breakable = field.args.filter((argument) => badArgument(field, argument, good) !== null);
  if (breakable.length > 0) {
    families.push({
      name: "argument",
      operations: fc
        .constantFrom(...breakable)
        .chain((argument) =>
          (badArgument(field, argument, good) as fc.Arbitrary<unknown>).map(
            (value) =>
              new BadOperation(
                `${field.name}(${argument.name}: ${previewValue(value)})`,
                document,
                { ...goodArguments, [argument.name]: value },
                `Bearer ${token}`,
              ),
          ),
        ),
    });
  }
  return families;
}

/** `query Op($a: T…) { field(a: $a…) { __typename } }`: every argument as a variable. */
function operationDocument({ kind, field }: Operation): string {
  const variables = field.args.map((argument) => `$${argument.name}: ${String(argument.type)}`);
  const passed = field.args.map((argument) => `${argument.name}: $${argument.name}`);
  const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
  return (
    `${kind} BadInput${variables.length ? `(${variables.join(", ")})` : ""} ` +
    `{ ${field.name}${passed.length ? `(${passed.join(", ")})` : ""}${selection} }`
  );
}

// ---- good values ---------------------------------------------------------------------------------

/** The type whose global id an id argument takes, by the field and the argument's name. */
function idTypeOf(fieldName: string, argumentName: string): GlobalIdType {
  if (argumentName === "storyId") return "Story";
  if (argumentName === "parentId" || /Comment$/.test(fieldName)) return "Comment";
  return "Story";
}

function goodId(fieldName: string, argumentName: string, good: GoodObjects): string {
  if (argumentName === "publicId") return good.completed.publicId;
  if (idTypeOf(fieldName, argumentName) === "Comment") return good.comment;
  // Confirming and regenerating need a story in review; everything else a completed one.
  return ["confirmStory", "regenerateStory"].includes(fieldName)
    ? good.ready.id
    : good.completed.id;
}

/** A value of `type` the field takes; undefined leaves an optional argument out. */
function goodValue(
  fieldName: string,
  name: string,
  type: GraphQLInputType,
  good: GoodObjects,
): unknown {
  if (!isNonNullType(type)) return undefined;
  const inner = getNullableType(type);
  if (isListType(inner)) return [];
  if (isInputObjectType(inner)) return goodInput(fieldName, Object.values(inner.getFields()), good);
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  switch (inner.name) {
    case "ID":
      return goodId(fieldName, name, good);
    case "Int":
      return 1;
    case "Boolean":
      return false;
    default:
      return "A tale";
  }
}

function goodInput(fieldName: string, fields: GraphQLInputField[], good: GoodObjects) {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = goodValue(fieldName, field.name, field.type, good);
    if (value !== undefined) input[field.name] = value;
  }
  return input;
}

function goodArgumentsOf(field: GraphQLField<unknown, unknown>, good: GoodObjects) {
  const args: Record<string, unknown> = {};
  for (const argument of field.args) {
    const value = goodValue(field.name, argument.name, argument.type, good);
    if (value !== undefined) args[argument.name] = value;
  }
  return args;
}

// ---- bad values ----------------------------------------------------------------------------------

const TOKEN_CHARACTERS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=",
];

function badAuthorization(): fc.Arbitrary<string> {
  const token = fc.string({ unit: fc.constantFrom(...TOKEN_CHARACTERS), minLength: 1 });
  return fc.oneof(
    token.map((value) => `Bearer ${value}`),
    fc
      .tuple(fc.base64String({ minLength: 4 }), fc.base64String({ minLength: 4 }))
      .map(([header, payload]) => `Bearer ${header}.${payload}.`),
    fc.constantFrom("Basic dXNlcjpwYXNz", "bearer a b", "Token abc"),
  );
}

/** Longer than any text field of the api takes (the longest, an outline, is 5000). */
const overLongText = () => tooLong(5_000, [..."abcdefghij klmnop"]);

/** Text no argument may hold, or far too long for any. */
const badText = () =>
  fc.oneof({ weight: 3, arbitrary: forbiddenText() }, { weight: 1, arbitrary: overLongText() });

/** Ids of the api no object has: empty, forbidden characters, far too long, odd characters. */
const badApiId = () => fc.oneof(fc.constant(""), badId());

/**
 * Global ids that are not one of `type`'s: empty, no global id at all, another type's, one
 * wrapping an id no api object has, and well formed ones that name nothing.
 */
function badGlobalId(type: GlobalIdType): fc.Arbitrary<string> {
  const other: GlobalIdType = type === "Story" ? "Comment" : "Story";
  const wellFormed = fc.string({
    unit: fc.constantFrom(...ID_CHARACTERS),
    minLength: 1,
    maxLength: 64,
  });
  return fc.oneof(
    { weight: 2, arbitrary: badApiId() },
    { weight: 3, arbitrary: badId().map((id) => globalId(type, id)) },
    { weight: 1, arbitrary: wellFormed.map((id) => globalId(other, id)) },
    { weight: 1, arbitrary: wellFormed.map((id) => globalId(type, id)) },
  );
}

/** Relay cursors no page handed out: garbage, or right in form around an api cursor that is not. */
function badRelayCursor(): fc.Arbitrary<string> {
  return fc.oneof(
    forbiddenText(),
    fc.string({ maxLength: 40 }),
    badApiCursor().map((apiCursor) => encodeCursor({ apiCursor, skip: 0 })),
    badApiCursor().map((apiCursor) => encodeCursor({ apiCursor, skip: 0 })),
    fc
      .constantFrom<unknown>([null, -1], [null, 1.5], ["", 0], [1, 0], [null], {}, "cursor")
      .map((value) => Buffer.from(JSON.stringify(value)).toString("base64url")),
  );
}

/** Page sizes no list takes: none below 1, none above 100 (the largest, My Stories). */
const badPageSize = () =>
  fc.oneof(fc.integer({ min: -(2 ** 31), max: 0 }), fc.integer({ min: 101, max: 2 ** 31 - 1 }));

/** Passages no story has: backwards, empty, before the start, past any end. */
const badLocation = () =>
  fc.constantFrom(
    { start: 10, end: 2 },
    { start: 5, end: 5 },
    { start: -5, end: 3 },
    { start: 0, end: 2 ** 31 - 1 },
    { start: 2 ** 31 - 3, end: 2 ** 31 - 1 },
  );

/**
 * Lists of text with no limit on their items' count or length (the owner's edited text): what is
 * wrong there is a character, never a size. Eleven paragraphs of "tale" are a good edit (a run
 * that sent them as "bad" saw the story edited).
 */
const UNCOUNTED_LISTS = new Set(["paragraphs"]);

/** Bad values for an argument or input field, by its name and type; null if it has none. */
function badValueOf(
  fieldName: string,
  name: string,
  type: GraphQLInputType,
  good: GoodObjects,
): fc.Arbitrary<unknown> | null {
  const inner = getNullableType(type);
  if (isListType(inner)) {
    const item = badValueOf(fieldName, name, inner.ofType, good);
    return fc.oneof(
      ...(item
        ? [fc.tuple(item, fc.nat(3)).map(([bad, at]) => [...Array(at).fill("tale"), bad])]
        : []),
      // More items than any list takes (ten tags, ten theme keywords); a chapter's paragraphs
      // may be as many as its text has, so eleven of them are not wrong.
      ...(UNCOUNTED_LISTS.has(name)
        ? []
        : [fc.integer({ min: 11, max: 30 }).map((count) => Array(count).fill("tale"))]),
    );
  }
  if (isInputObjectType(inner)) {
    if (name === "location") return badLocation();
    const fields = Object.values(inner.getFields()).filter(
      (field) => badValueOf(fieldName, field.name, field.type, good) !== null,
    );
    if (fields.length === 0) return null;
    const base = goodInput(fieldName, Object.values(inner.getFields()), good);
    return fc
      .constantFrom(...fields)
      .chain((field) =>
        (badValueOf(fieldName, field.name, field.type, good) as fc.Arbitrary<unknown>).map(
          (value) => ({ ...base, [field.name]: value }),
        ),
      );
  }
  if (isEnumType(inner) || !isScalarType(inner)) return null;
  switch (inner.name) {
    case "ID":
      // A category filter names the category as its address does (Category.publicId).
      return name === "publicId" || name === "category"
        ? badApiId()
        : badGlobalId(idTypeOf(fieldName, name));
    case "Int":
      return name === "first" ? badPageSize() : null;
    case "String":
      if (name === "after") return badRelayCursor();
      // A paragraph may be as long as the writer makes it: only a character no text may hold.
      if (UNCOUNTED_LISTS.has(name)) return forbiddenText();
      // A search for nothing, a rejection without a reason.
      if (name === "query" || name === "reason") {
        return fc.oneof(badText(), fc.constantFrom("", "   "));
      }
      return badText();
    default:
      return null;
  }
}

function badArgument(
  field: GraphQLField<unknown, unknown>,
  argument: GraphQLArgument,
  good: GoodObjects,
): fc.Arbitrary<unknown> | null {
  return badValueOf(field.name, argument.name, argument.type, good);
}

/** A value as a failure report shows it. */
function previewValue(value: unknown): string {
  return preview(JSON.stringify(value) ?? String(value));
}
