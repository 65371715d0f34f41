import type { CodegenConfig } from "@graphql-codegen/cli";
import { ENUM_VALUES } from "./bff/src/graphql/enum-values.js";
import { FIRST_DATA_ROUTES } from "./client/src/apollo/first-data-routes.js";
import { addTypenameAsApolloDoes } from "./scripts/codegen/first-data-documents.mjs";

// graphql-codegen types a resolver of an enum with object enumValues as `null`
// (https://github.com/dotansimha/graphql-code-generator/issues/10204); mapping each such enum onto
// its own generated type (now the api's values) gives resolvers the right type.
const enumsAsThemselves = Object.fromEntries(Object.keys(ENUM_VALUES).map((name) => [name, name]));

// One schema, two outputs: the BFF's resolver types (mapped onto the REST shapes generated from
// the api's OpenAPI document) and the client's typed documents.
const clientDocuments = ["client/src/**/*.{ts,tsx}", "!client/src/__generated__/**"];
const firstDataPlugin = "./scripts/codegen/first-data-documents.mjs";

const config: CodegenConfig = {
  schema: "schema.graphql",
  ignoreNoDocuments: true,
  generates: {
    "bff/src/__generated__/resolvers-types.ts": {
      plugins: ["typescript", "typescript-resolvers"],
      config: {
        useIndexSignature: false,
        contextType: "../graphql/context.js#GraphQLContext",
        mappers: {
          Viewer: "../upstream/rest-types.js#RestUserProfile",
          User: "../upstream/rest-types.js#RestPerson",
          AuthorProfile: "../upstream/rest-types.js#RestAuthorProfile",
          Story: "../upstream/rest-types.js#RestStoryDetail",
          StoryImage: "../upstream/rest-types.js#RestStoryImage",
          StoryVersion: "../upstream/rest-types.js#StoryVersionParent",
          PassageRewrite: "../upstream/rest-types.js#PassageRewriteParent",
          KeepRewritePayload: "../upstream/rest-types.js#KeepRewriteParent",
          Comment: "../upstream/rest-types.js#RestComment",
          Category: "../upstream/rest-types.js#RestCategory",
          Tag: "../upstream/rest-types.js#RestTag",
          StoryEdge: "../upstream/rest-types.js#StoryEdgeParent",
          SearchHighlight: "../upstream/rest-types.js#RestSearchHighlight",
          StoryGenerationUpdate: "../upstream/live-story-message.js#StoryGenerationEvent",
          WatchedStory: "../upstream/watch-message.js#WatchEvent",
          Purchase: "../upstream/rest-types.js#RestPurchase",
          Earning: "../upstream/rest-types.js#RestEarning",
          AdminPurchase: "../upstream/rest-types.js#RestAdminPurchase",
          PaymentEvent: "../upstream/rest-types.js#RestPaymentEvent",
          PremiumStatus: "../upstream/rest-types.js#RestPremiumStatus",
          TestCheckout: "../upstream/rest-types.js#RestTestCheckout",
          Money: "../upstream/rest-types.js#MoneyParent",
          LibraryEntry: "../upstream/rest-types.js#RestLibraryItem",
          LibraryEdge: "../upstream/rest-types.js#LibraryEdgeParent",
          ReadingProgress: "../upstream/rest-types.js#ReadingProgressParent",
          Notification: "../upstream/rest-types.js#RestNotification",
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
      documents: clientDocuments,
      preset: "client",
      // Each operation gets a sha256 id (`__meta__.hash`) and persisted-documents.json lists them:
      // the web app sends ids, the bff runs the listed text (docs/decisions/051-trusted-documents.md;
      // scripts/codegen/trusted-documents.mjs hands the list to the bff). __typename is in every
      // selection but the root, as Apollo Client's cache adds it, so the listed text asks for
      // what the cache needs.
      presetConfig: {
        fragmentMasking: { unmaskFunctionName: "getFragmentData" },
        persistedDocuments: { hashAlgorithm: "sha256" },
      },
      documentTransforms: [addTypenameAsApolloDoes],
      config: { scalars: { DateTime: "string" }, enumsAsTypes: true, useTypeImports: true },
    },
    // The pages' first data, run by the bff as the client would send it and written into the
    // client's cache with its own documents (docs/decisions/020-page-html-previews-and-first-data.md).
    "bff/src/__generated__/first-data-documents.ts": {
      documents: clientDocuments,
      plugins: [firstDataPlugin],
      config: { routes: FIRST_DATA_ROUTES, target: "bff" },
    },
    "client/src/__generated__/first-data-documents.ts": {
      documents: clientDocuments,
      plugins: [firstDataPlugin],
      config: { routes: FIRST_DATA_ROUTES, target: "client" },
    },
  },
};

export default config;
