import { Type, type TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { describe, expect, it } from "vitest";
import { describeValidationFailure } from "./validation-failure.js";

const StoryRequest = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    options: Type.Object({
      desired_length: Type.Union([Type.Literal("short"), Type.Literal("long")]),
      code: Type.String({ pattern: "^[A-Z]{3}$", description: "Three capital letters." }),
    }),
  },
  { additionalProperties: false },
);

function failure(schema: TSchema, value: unknown) {
  const errors = Compile(schema).Errors(value);
  return describeValidationFailure(errors, "body", schema);
}

describe("a validation failure, told as one field and why", () => {
  it("names a missing field", () => {
    expect(failure(StoryRequest, { options: { desired_length: "short", code: "ABC" } })).toEqual({
      field: "title",
      detail: "title is required.",
    });
  });

  it("names nested fields with dots", () => {
    const value = { title: "t", options: { desired_length: "short", code: "abc" } };
    expect(failure(StoryRequest, value)).toEqual({
      field: "options.code",
      detail: "options.code is not valid: three capital letters.",
    });
  });

  it("names an unknown field", () => {
    const value = { title: "t", options: { desired_length: "short", code: "ABC" }, extra: 1 };
    expect(failure(StoryRequest, value)).toEqual({
      field: "extra",
      detail: 'Unknown field "extra".',
    });
  });

  it("blames the whole body when it is not an object", () => {
    expect(failure(StoryRequest, "text")).toEqual({
      field: "body",
      detail: "body must be object.",
    });
  });
});
