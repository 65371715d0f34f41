import type { CodegenConfig } from "@graphql-codegen/cli";

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
          Story: "../upstream/rest-types.js#RestStoryDetail",
          StoryImage: "../upstream/rest-types.js#RestStoryImage",
          Comment: "../upstream/rest-types.js#RestComment",
          StoryGenerationUpdate: "../upstream/live-story-message.js#StoryGenerationEvent",
        },
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
