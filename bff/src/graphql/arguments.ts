// Arguments the BFF refuses itself, before any upstream call
// (docs/decisions/015-input-validation-at-the-edge.md): text no request may carry
// (common/src/request-text.ts, the api's own rule; an unpaired surrogate cannot even be written
// into a URL) and ids no api object can have, which must never become a path such as
// /v1/stories/ (the list) or /v1/stories/a/b.
import {
  API_ID_RULE,
  findForbiddenCharacter,
  forbiddenCharacterMessage,
  isApiId,
} from "@storyloom/common";
import { defaultFieldResolver, GraphQLError, isObjectType, type GraphQLSchema } from "graphql";

/** BAD_USER_INPUT, naming the argument at fault when there is one. */
export function badUserInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: "BAD_USER_INPUT", ...(field === undefined ? {} : { field }) },
  });
}

/**
 * The fields the caller set, for a REST body or query: one left out (undefined) does not travel;
 * null does, and clears where the api allows it.
 */
export function fieldsSet<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** Throws BAD_USER_INPUT naming the first argument that holds a forbidden character. */
export function refuseForbiddenCharacters(args: Record<string, unknown>): void {
  const found = findForbiddenCharacter(args);
  if (found !== null) {
    const path = found.path.join(".");
    throw badUserInput(forbiddenCharacterMessage(path, found.character), path);
  }
}

/**
 * Every field that takes arguments checks them first, whatever its resolver: a field added later
 * is covered too. Subscriptions are checked where they subscribe.
 */
export function checkArgumentsOfEveryField(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.args.length === 0) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        refuseForbiddenCharacters(args);
        return resolve(source, args, context, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (source, args, context, info) => {
          refuseForbiddenCharacters(args);
          return subscribe(source, args, context, info);
        };
      }
    }
  }
  return schema;
}

/** `value` when it can be an api id; bad input naming `argument` otherwise (empty included). */
export function apiIdArgument(value: string, argument: string): string {
  if (value === "") throw badUserInput(`${argument} must not be empty.`, argument);
  if (!isApiId(value)) throw badUserInput(`${argument} is not valid: ${API_ID_RULE}.`, argument);
  return value;
}

/** The longest tag a story can have (the api's LABEL_MAX_LENGTH). */
const TAG_MAX_LENGTH = 40;

/**
 * A tag's id (its name in any case, docs/decisions/024) as a path segment: 1 to 40 characters
 * after trimming, and never only dots, which a URL would read as a step up the path.
 */
export function tagIdArgument(value: string): string {
  const tag = value.trim();
  if (tag.length === 0 || tag.length > TAG_MAX_LENGTH || /^\.+$/.test(tag)) {
    throw badUserInput(`id must be a tag of 1 to ${TAG_MAX_LENGTH} characters.`, "id");
  }
  return tag;
}
