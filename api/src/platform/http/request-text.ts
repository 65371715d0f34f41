import { describeCharacter, findForbiddenCharacter } from "@storyloom/common";
import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";

// One rule for every string of every request, whatever its route's schema says: no control
// characters but tab and line breaks, no unpaired surrogates (common/src/request-text.ts). It runs
// where the schemas run, so a route added tomorrow has it too, and its refusal reads like any
// other schema's: 422 VALIDATION_FAILED naming the field
// (docs/decisions/015-input-validation-at-the-edge.md).

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
        instancePath: jsonPointer(found.path),
        schemaPath: "#",
        params: { character: found.character },
        message: `must not contain ${describeCharacter(found.character)}`,
      };
      return { error: [error] };
    };
  };
}

/** Keys as a JSON pointer (`/tags/2`), as the schema validator names where a value failed. */
function jsonPointer(path: readonly string[]): string {
  return path.map((key) => `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}
