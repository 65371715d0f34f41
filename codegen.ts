import type { CodegenConfig } from "@graphql-codegen/cli";
import { ENUM_VALUES } from "./bff/src/enum-values.js";

// graphql-codegen types a resolver of an enum with object enumValues as `null`
// (https://github.com/dotansimha/graphql-code-generator/issues/10204); mapping each such enum onto
// its own generated type (now the api's values) gives resolvers the right type.
const enumsAsThemselves = Object.fromEntries(Object.keys(ENUM_VALUES).map((name) => [name, name]));

// One schema, two outputs: the BFF's resolver types (mapped onto the REST shapes generated from
// the api's OpenAPI document) and the client's typed documents.
const config: CodegenConfig = {
  schema: "schema.graphql",
  ignoreNoDocuments: true,
  generates: {
    "bff/src/__generated__/resolvers-types.ts": {
      plugins: ["typescript", "typescript-resolvers"],
      config: {
        useIndexSignature: false,
        contextType: "../context.js#GraphQLContext",
        mappers: {
          Viewer: "../upstream/rest-types.js#RestUserProfile",
          User: "../upstream/rest-types.js#RestPerson",
          Story: "../upstream/rest-types.js#RestStoryDetail",
          StoryImage: "../upstream/rest-types.js#RestStoryImage",
          Comment: "../upstream/rest-types.js#RestComment",
          StoryGenerationUpdate: "../upstream/live-story-message.js#StoryGenerationEvent",
          ...enumsAsThemselves,
        },
        // GraphQL enums resolve to the api's snake_case values (GENERATING ↔ "generating").
        enumValues: ENUM_VALUES,
        scalars: { DateTime: "string" },
        enumsAsTypes: true,
        useTypeImports: true,
        emitLegacyCommonJSImports: false,
      },
    },
    "client/src/__generated__/": {
      documents: ["client/src/**/*.{ts,tsx}", "!client/src/__generated__/**"],
      preset: "client",
      presetConfig: { fragmentMasking: { unmaskFunctionName: "getFragmentData" } },
      config: { scalars: { DateTime: "string" }, enumsAsTypes: true, useTypeImports: true },
    },
  },
};

export default config;
