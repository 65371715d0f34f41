import { TypeBoxValidatorCompiler } from "@fastify/type-provider-typebox";
import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import fc from "fast-check";
import { Type, type TSchema } from "typebox";
import { Value } from "typebox/value";
import { describe, expect, it, vi } from "vitest";
import type * as validatorModule from "./schema-validator.js";
import { planConversion, typeBoxValidatorCompiler } from "./schema-validator.js";

// The api's validator compiler plans the conversion of query strings and path parameters once
// per route (decision 036); what it accepts, converts and refuses must stay what the type
// provider's TypeBoxValidatorCompiler does, for every route's schemas.

type Route = FastifyRouteSchemaDef<TSchema>;
const compiled = vi.hoisted(() => [] as Route[]);

vi.mock("./schema-validator.js", async (original) => {
  const module = await original<typeof validatorModule>();
  return {
    ...module,
    typeBoxValidatorCompiler: (route: Route) => {
      compiled.push(route);
      return module.typeBoxValidatorCompiler(route);
    },
  };
});

/** What a query string or a path parameter may bring: strings, repeated keys as arrays. */
const sentText = fc.oneof(
  fc.constantFrom("", "9", " 9", "9.5", "-1", "1e3", "0x10", "true", "null", "newest", "popular"),
  fc.string({ maxLength: 12 }),
);
const sentValue = fc.oneof(
  { weight: 5, arbitrary: sentText },
  { weight: 1, arbitrary: fc.array(sentText, { minLength: 2, maxLength: 3 }) },
);

/** Objects holding some of `schema`'s properties and perhaps an unknown one. */
function sentObjects(schema: TSchema) {
  const names = Type.IsObject(schema) ? Object.keys(schema.properties) : [];
  return fc.dictionary(fc.constantFrom(...names, "unknown"), sentValue, { maxKeys: 6 });
}

/** The result of one validation, as Fastify would read it. */
function outcome(validate: ReturnType<typeof typeBoxValidatorCompiler>, value: unknown) {
  const result = validate(value) as { value?: unknown; error?: unknown };
  return { value: result.value, error: result.error };
}

describe("the api's validator compiler", () => {
  it("converts, accepts and refuses every route's query strings and path parameters as the type provider's compiler does", async () => {
    // Test files share loaded modules (vitest.config.ts): the app is loaded afresh, with the mock.
    vi.resetModules();
    const { openApiDocument } = await import("../../openapi-document.js");
    await openApiDocument();
    const routes = compiled.filter((route) => route.httpPart !== "body");
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain("GET /v1/stories");
    for (const route of routes) {
      const ours = typeBoxValidatorCompiler(route);
      const theirs = TypeBoxValidatorCompiler(route);
      fc.assert(
        fc.property(sentObjects(route.schema), (sent) => {
          const expected = outcome(theirs, structuredClone(sent));
          expect(outcome(ours, structuredClone(sent)), `${route.method} ${route.url}`).toEqual(
            expected,
          );
        }),
        { numRuns: 200 },
      );
    }
  });

  it("converts a numeric query value to the integer its schema declares and keeps strings as sent", () => {
    const schema = Type.Object(
      {
        size: Type.Optional(Type.Integer({ minimum: 1 })),
        sort: Type.Optional(Type.Enum(["newest", "popular"])),
        q: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    );
    const convert = planConversion(schema);
    expect(convert({ size: "9", sort: "newest", q: "42" })).toEqual({
      size: 9,
      sort: "newest",
      q: "42",
    });
    expect(convert({ size: ["9", "10"] })).toEqual(Value.Convert(schema, { size: ["9", "10"] }));
  });

  it("leaves schemas it does not plan to Value.Convert", () => {
    const schema = Type.Object({ size: Type.Integer() }, { additionalProperties: Type.Integer() });
    expect(planConversion(schema)({ size: "2", other: "3" })).toEqual({ size: 2, other: 3 });
  });

  it("checks bodies as sent, without converting them", () => {
    const schema = Type.Object({ count: Type.Integer() });
    const validate = typeBoxValidatorCompiler({
      schema,
      method: "POST",
      url: "/",
      httpPart: "body",
    });
    expect(outcome(validate, { count: 3 }).value).toEqual({ count: 3 });
    expect(outcome(validate, { count: "3" }).error).toBeDefined();
  });
});
