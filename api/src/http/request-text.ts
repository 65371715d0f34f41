import { describeCharacter, forbiddenCharacterIn } from "@storyloom/common";
import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";

// One rule for every string of every request, whatever its route's schema says: no control
// characters but tab and line breaks, no unpaired surrogates (common/src/request-text.ts). It runs
// where the schemas run, so a route added tomorrow has it too, and its refusal reads like any
// other schema's: 422 VALIDATION_FAILED naming the field
// (docs/decisions/015-input-validation-at-the-edge.md).

/** Where in `value` a forbidden character sits (a JSON pointer), object keys included. */
export function findForbiddenCharacter(
  value: unknown,
  pointer = "",
): { pointer: string; character: string } | null {
  if (typeof value === "string") {
    const character = forbiddenCharacterIn(value);
    return character === null ? null : { pointer, character };
  }
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    const character = forbiddenCharacterIn(key);
    if (character !== null) return { pointer: at, character };
    const found = findForbiddenCharacter(item, at);
    if (found !== null) return found;
  }
  return null;
}

/** `compiler`'s validators, refusing forbidden characters in any string before the schema runs. */
export function refusingForbiddenCharacters<Schema>(
  compiler: FastifySchemaCompiler<Schema>,
): FastifySchemaCompiler<Schema> {
  return (route) => {
    const validate = compiler(route);
    return (value: unknown) => {
      const found = findForbiddenCharacter(value);
      if (found === null) return validate(value);
      const error: FastifySchemaValidationError = {
        keyword: "forbiddenCharacter",
        instancePath: found.pointer,
        schemaPath: "#",
        params: { character: found.character },
        message: `must not contain ${describeCharacter(found.character)}`,
      };
      return { error: [error] };
    };
  };
}
