import { graphql, GraphQLEnumType } from "graphql";
import { describe, expect, it } from "vitest";
import type { GraphQLContext } from "./context.js";
import { ENUM_VALUES } from "./enum-values.js";
import { createSchema } from "./schema.js";

const schema = createSchema();

describe("GraphQL enums over the api's vocabulary", () => {
  it.each(Object.entries(ENUM_VALUES))(
    "%s stands for the api's values, each one",
    (name, values) => {
      const type = schema.getType(name);
      expect(type).toBeInstanceOf(GraphQLEnumType);
      const inside = (type as GraphQLEnumType).getValues().map(({ name, value }) => [name, value]);
      expect(Object.fromEntries(inside)).toEqual(values);
    },
  );

  it("hands resolvers the api's values from arguments and answers with GraphQL's names", async () => {
    const sent: unknown[] = [];
    // Only what startStoryGeneration touches: one POST, answered with the story it started.
    const rest = {
      POST: async (_path: string, { body }: { body: Record<string, unknown> }) => {
        sent.push(body);
        const story = {
          status: "generating",
          desired_length: body.desired_length,
          nastiness_level: body.nastiness_level,
        };
        return { data: { public_id: "abc", story }, response: { ok: true } };
      },
    };
    const result = await graphql({
      schema,
      source: `mutation {
        startStoryGeneration(input: { title: "T", outline: "O", desiredLength: LONG }) {
          status desiredLength nastinessLevel
        }
      }`,
      contextValue: { rest } as unknown as GraphQLContext,
    });
    expect(sent).toEqual([
      expect.objectContaining({ desired_length: "long", nastiness_level: "light" }),
    ]);
    expect(result).toEqual({
      data: {
        startStoryGeneration: {
          status: "GENERATING",
          desiredLength: "LONG",
          nastinessLevel: "LIGHT",
        },
      },
    });
  });
});
