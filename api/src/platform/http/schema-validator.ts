import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { Type, type TProperties, type TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { Value } from "typebox/value";

// @fastify/type-provider-typebox's TypeBoxValidatorCompiler, with the conversion of query strings
// and path parameters planned once per route instead of on every request. Its
// Value.Convert(schema, value) walks the route's schema afresh each time: a RegExp per property,
// and every enum evaluated into a union again; on GET /stories (ten optional filters) that was a
// sixth of the api's CPU for a visitor's cached page (docs/decisions/036). The result is the
// same: a property is converted by Value.Convert with its own schema, except a string given for a
// property that only takes strings, which Value.Convert would return as it is.

/** What a converted value would hold: the value itself, converted in place. */
type Conversion = (value: unknown) => unknown;

/** Property names Value.Convert matches exactly (it tests each one as the RegExp `^name$`). */
const PLAIN_NAME = /^[A-Za-z0-9_]+$/;

/** A schema whose conversion returns any string as it is: a string, a string enum or literal. */
function takesOnlyStrings(schema: TSchema): boolean {
  if (Type.IsString(schema)) return true;
  if (Type.IsEnum(schema)) return schema.enum.every((member) => typeof member === "string");
  if (Type.IsLiteral(schema)) return typeof schema.const === "string";
  return false;
}

interface PropertyPlan {
  name: string;
  schema: TSchema;
  optional: boolean;
  onlyStrings: boolean;
}

/**
 * Value.Convert(schema, value), planned for `schema`: for an object schema of plainly named
 * properties without an additionalProperties schema (every querystring and params schema here),
 * property by property as Value.Convert's FromObject does; anything else is left to Value.Convert.
 */
export function planConversion(schema: TSchema): Conversion {
  const whole: Conversion = (value) => Value.Convert(schema, value);
  if (!Type.IsObject(schema)) return whole;
  const additional = (schema as { additionalProperties?: unknown }).additionalProperties;
  if (typeof additional === "object" && additional !== null) return whole;
  const properties: TProperties = schema.properties;
  const names = Object.getOwnPropertyNames(properties);
  if (!names.every((name) => PLAIN_NAME.test(name))) return whole;
  const plan: PropertyPlan[] = names.map((name) => {
    const property = properties[name] as TSchema;
    return {
      name,
      schema: property,
      optional: Type.IsOptional(property),
      onlyStrings: takesOnlyStrings(property),
    };
  });
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    const record = value as Record<string, unknown>;
    for (const property of plan) {
      if (!Object.hasOwn(record, property.name)) continue;
      const given = record[property.name];
      if (given === undefined && property.optional) continue;
      if (property.onlyStrings && typeof given === "string") continue;
      record[property.name] = Value.Convert(property.schema, given);
    }
    return record;
  };
}

/**
 * Fastify's validator compiler for TypeBox schemas: bodies are checked as sent, query strings,
 * path parameters and headers converted to their declared types first (as the type provider's
 * TypeBoxValidatorCompiler does).
 */
export const typeBoxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const convert: Conversion = httpPart === "body" ? (value) => value : planConversion(schema);
  return (value: unknown) => {
    const converted = convert(value);
    if (check.Check(converted)) return { value: converted };
    const error: FastifySchemaValidationError[] = check.Errors(converted);
    return { error };
  };
};
