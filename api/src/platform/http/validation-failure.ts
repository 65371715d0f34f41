import type { FastifySchemaValidationError } from "fastify";

export interface ValidationFailure {
  /** The offending field as a dotted path (`username`), or the request part (`body`). */
  field: string;
  detail: string;
}

/**
 * Turns schema validation errors into the one field and human sentence of the api's error shape:
 * which field, and why (docs/decisions/035-rest-errors-and-graphql-codes.md). A failing schema's
 * `description` (also shown in the OpenAPI document) explains pattern and format rules better than
 * the pattern itself.
 */
export function describeValidationFailure(
  errors: readonly FastifySchemaValidationError[],
  part: string,
  partSchema: unknown,
): ValidationFailure {
  const unknownField = errors.find((error) => error.keyword === "additionalProperties");
  if (unknownField) {
    const field = joinPath(
      unknownField.instancePath,
      firstName(unknownField.params, "additionalProperties"),
    );
    return { field, detail: `Unknown field "${field}".` };
  }
  const missing = errors.find((error) => error.keyword === "required");
  if (missing) {
    const field = joinPath(missing.instancePath, firstName(missing.params, "requiredProperties"));
    return { field, detail: `${field} is required.` };
  }
  const [first] = errors;
  if (!first) return { field: part, detail: `The ${part} is not valid.` };
  const field = joinPath(first.instancePath) || part;
  const description = describedAt(partSchema, first.schemaPath);
  if (description && (first.keyword === "pattern" || first.keyword === "format")) {
    return { field, detail: `${field} is not valid: ${lowerFirst(description)}` };
  }
  return { field, detail: `${field} ${first.message ?? "is not valid"}.` };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function firstName(params: Record<string, unknown>, key: string): string | undefined {
  const names = params[key];
  if (Array.isArray(names) && typeof names[0] === "string") return names[0];
  return typeof names === "string" ? names : undefined;
}

function joinPath(instancePath: string, name?: string): string {
  const segments = instancePath.split("/").filter(Boolean);
  if (name !== undefined) segments.push(name);
  return segments.join(".");
}

/**
 * The `description` nearest to the failing schema at a `#/properties/x/anyOf/0` path: a nullable
 * field describes its union, not the string branch that failed.
 */
function describedAt(schema: unknown, schemaPath: string): string | undefined {
  let node = schema;
  let nearest = descriptionOf(node);
  for (const segment of schemaPath.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    if (typeof node !== "object" || node === null) break;
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, "/").replace(/~0/g, "~")];
    nearest = descriptionOf(node) ?? nearest;
  }
  return nearest;
}

function descriptionOf(node: unknown): string | undefined {
  const description = (node as { description?: unknown } | null | undefined)?.description;
  return typeof description === "string" ? description : undefined;
}
