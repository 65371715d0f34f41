// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";
import graphqlPlugin from "@graphql-eslint/eslint-plugin";
import globals from "globals";

// The architecture as a lint rule (docs/decisions/034-api-by-capability.md, 012): a wrong import
// fails `npm test`. Test code is named as such (files under testing/ or test/, *.test.*,
// *-test-kit.*, *-test-mocks.*) and production code never imports it.

const TEST_CODE = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "**/*.test.mjs",
  "**/testing/**",
  "**/test/**",
  "**/*-test-kit.ts",
  "**/*-test-mocks.ts",
  "e2e/**",
];

/**
 * The api by capability: each capability is one folder of api/src holding its routes, schemas,
 * use cases, rules and queries, on top of platform/, shared foundations without product rules.
 * Entry points (the files directly in api/src) put them together.
 */
const API_CAPABILITIES = [
  "people",
  "stories",
  "generation",
  "comments",
  "moderation",
  "community",
  "discovery",
  "payments",
  "ads",
  "exports",
  "notifications",
  "continuation",
  "allowance",
  "watch",
];

/** What each platform folder may import besides itself; platform never imports a capability. */
const API_PLATFORM_ALLOWED = {
  lib: [],
  db: ["lib"],
  identity: ["lib"],
  storage: ["lib"],
  observability: [],
  http: ["db", "lib", "observability"],
  limits: ["http", "db", "lib"],
};

const API_PLATFORM = Object.keys(API_PLATFORM_ALLOWED).map((name) => `api-platform-${name}`);
const API_CAPABILITY_TYPES = API_CAPABILITIES.map((name) => `api-${name}`);

const apiElements = [
  ...Object.keys(API_PLATFORM_ALLOWED).map((name) => ({
    type: `api-platform-${name}`,
    pattern: `api/src/platform/${name}/**`,
    partialMatch: false,
  })),
  ...API_CAPABILITIES.map((name) => ({
    type: `api-${name}`,
    pattern: `api/src/${name}/**`,
    partialMatch: false,
  })),
  { type: "api-config", pattern: "api/src/config/**", partialMatch: false },
  { type: "api-cli", pattern: "api/src/cli/**", partialMatch: false },
  { type: "api-bench", pattern: "api/src/bench/**", partialMatch: false },
  { type: "api-testing", pattern: "api/src/testing/**", partialMatch: false },
  // app.ts, start.ts, main.ts, worker-main.ts, seed.ts…: where the capabilities are put together.
  { type: "api-entry", pattern: "api/src", partialMatch: false },
];

/**
 * A file's role is told by its name: *-routes.ts HTTP handlers, *-schemas.ts request and response
 * schemas with their JSON mapping, *-queries.ts SQL, *-rules.ts pure rules; any other file of a
 * capability is a use case. Every other api file is "api-source", so that a selector on
 * categories never meets a file without one.
 */
const apiRoleFiles = [
  { category: "api-routes", pattern: "api/src/**/*-routes.ts", stopMatching: true },
  {
    category: "api-schemas",
    pattern: ["api/src/**/*-schemas.ts", "api/src/platform/**/*-schema.ts"],
    stopMatching: true,
  },
  { category: "api-queries", pattern: "api/src/**/*-queries.ts", stopMatching: true },
  { category: "api-rules", pattern: "api/src/**/*-rules.ts", stopMatching: true },
  { category: "api-use-case", pattern: `api/src/{${API_CAPABILITIES.join(",")}}/**/*.ts` },
  { category: "api-source", pattern: "api/src/**/*.ts" },
];

/** Where each part of the api may import from (besides the role rules below). */
const apiPolicies = [
  { from: { element: { type: "api-*" } }, disallow: { to: { element: { type: "api-*" } } } },
  ...Object.entries(API_PLATFORM_ALLOWED).map(([name, allowed]) => ({
    from: { element: { type: `api-platform-${name}` } },
    allow: {
      to: { element: { type: [name, ...allowed].map((each) => `api-platform-${each}`) } },
    },
  })),
  // Capabilities use the platform and one another; dpdm keeps their imports free of cycles.
  {
    from: { element: { type: API_CAPABILITY_TYPES } },
    allow: { to: { element: { type: [...API_CAPABILITY_TYPES, ...API_PLATFORM] } } },
  },
  // The configuration turns variables into the settings of the parts it configures.
  {
    from: { element: { type: "api-config" } },
    allow: { to: { element: { type: ["api-config", ...API_CAPABILITY_TYPES, ...API_PLATFORM] } } },
  },
  {
    from: { element: { type: "api-cli" } },
    allow: {
      to: {
        element: { type: ["api-cli", "api-config", ...API_CAPABILITY_TYPES, ...API_PLATFORM] },
      },
    },
  },
  // Entry points put everything together.
  { from: { element: { type: "api-entry" } }, allow: { to: { element: { type: "api-*" } } } },
];

/**
 * The role rules: routes reach the database through use cases (type imports aside), queries use
 * only the database, the platform's helpers and other queries, rules do no I/O and know neither
 * routes nor use cases, and use cases know no HTTP.
 */
const apiRolePolicies = [
  {
    from: { file: { categories: "api-routes" } },
    disallow: {
      to: [{ file: { categories: "api-queries" } }, { element: { type: "api-platform-db" } }],
      dependency: { kind: "value" },
    },
  },
  {
    from: { file: { categories: "api-queries" } },
    disallow: {
      to: {
        element: { types: { noneOf: ["api-platform-db", "api-platform-lib"] } },
        file: { categories: { noneOf: ["api-queries"] } },
      },
    },
  },
  {
    from: { file: { categories: "api-rules" } },
    disallow: {
      to: { file: { categories: ["api-queries", "api-routes", "api-use-case"] } },
    },
  },
  {
    from: { file: { categories: "api-rules" } },
    disallow: { to: { element: { type: "api-platform-db" } }, dependency: { kind: "value" } },
  },
  {
    from: { file: { categories: "api-use-case" } },
    disallow: { to: { file: { categories: ["api-routes", "api-schemas"] } } },
  },
];

/** The web app's parts: features on top, shared UI and helpers beneath, nothing upwards. */
const clientPolicies = [
  // A feature is reached from outside only through its index.ts, or its components.ts for the
  // components other features' lazy pages mount (kept out of index.ts, which the routes and so the
  // first render import: docs/decisions/038); inside, it uses its own files.
  {
    disallow: {
      to: { element: { type: "client-feature", fileInternalPath: "!{index,components}.ts" } },
    },
  },
  {
    from: { element: { type: "client-feature" } },
    allow: {
      to: { element: { type: "client-feature" } },
      dependency: { relationship: { to: "internal" } },
    },
  },
  // Shared UI holds no GraphQL and knows no feature.
  {
    from: { element: { type: "client-components" } },
    disallow: {
      to: {
        element: { type: ["client-app", "client-feature", "client-apollo", "client-generated"] },
      },
    },
  },
  {
    from: { element: { type: ["client-lib", "client-apollo"] } },
    disallow: { to: { element: { type: ["client-app", "client-feature", "client-components"] } } },
  },
  {
    from: { element: { type: "client-feature" } },
    disallow: { to: { element: { type: "client-app" } } },
  },
];

/** The offline writer's word tables are data: they import types, never code. */
const wordTablesAreData = {
  from: { element: { type: "writer-words" } },
  disallow: { to: { element: { type: "*" } }, dependency: { kind: "value" } },
};

/** Production code never imports test code (the last policy, so nothing overrides it). */
const noTestCode = { disallow: { to: { file: { categories: "test" } } } };

/** The web app: features by folder, each reached from outside only through its index.ts. */
const clientElements = [
  {
    type: "client-feature",
    pattern: "client/src/features/*",
    partialMatch: false,
    capture: ["feature"],
  },
  ...["app", "components", "lib", "apollo", "testing", "__generated__"].map((folder) => ({
    type: `client-${folder.replaceAll("_", "")}`,
    pattern: `client/src/${folder}`,
    partialMatch: false,
  })),
];

/**
 * The bff's rooms, each a folder of bff/src (entry points are the files directly in it), the
 * resolvers and the visitor cache apart from the rooms that hold them.
 */
const BFF_ROOMS = [
  "upstream",
  "graphql",
  "transport",
  "pages",
  "testing",
  "bench",
  "__generated__",
];

const bffElements = [
  // Listed before the rooms that hold them: a file belongs to the first element that matches.
  { type: "bff-resolvers", pattern: "bff/src/graphql/resolvers", partialMatch: false },
  { type: "bff-visitor-cache", pattern: "bff/src/transport/visitor-cache", partialMatch: false },
  ...BFF_ROOMS.map((room) => ({
    type: `bff-${room.replaceAll("_", "")}`,
    pattern: `bff/src/${room}`,
    partialMatch: false,
  })),
  // main.ts, server.ts, config.ts: where the rooms are put together.
  { type: "bff-entry", pattern: "bff/src", partialMatch: false },
  { type: "bff", pattern: "bff", partialMatch: false },
];

/** A bff element, or only some of its files. */
const bff = (room, files) => ({
  type: `bff-${room}`,
  ...(files ? { fileInternalPath: files } : {}),
});

/**
 * What each part of the bff may import besides itself (docs/decisions/039-bff-rooms.md). The api's
 * calls know nothing of GraphQL or of the bff's HTTP side; GraphQL knows the api's calls and none
 * of the transport; the transport knows GraphQL by the context it builds and the web app's
 * trusted documents (decision 051), never a resolver; the
 * visitor cache also by which fields depend on their viewer (audience.ts, decision 043); the
 * pages run the client's first-data documents with that context.
 */
const BFF_ALLOWED = {
  upstream: [],
  graphql: [bff("upstream"), bff("generated"), bff("resolvers")],
  resolvers: [bff("graphql"), bff("upstream"), bff("generated")],
  transport: [
    bff("graphql", "{context,trusted-documents}.ts"),
    bff("upstream"),
    bff("visitor-cache"),
  ],
  "visitor-cache": [
    bff("transport", "visitor-turns.ts"),
    bff("graphql", "{context,audience,trusted-documents}.ts"),
    bff("upstream"),
  ],
  pages: [
    bff("upstream"),
    bff("graphql", "context.ts"),
    bff("generated", "first-data-documents.ts"),
  ],
};

/** Packages that are GraphQL, or the bff's HTTP side: what the api's calls never import. */
const GRAPHQL_PACKAGES = [
  "graphql",
  "graphql-ws",
  "@apollo/*",
  "@graphql-tools/*",
  "@escape.tech/*",
];
const HTTP_PACKAGES = [
  "express",
  "express-static-gzip",
  "compression",
  "helmet",
  "proxy-addr",
  "@as-integrations/*",
];

const bffPolicies = [
  {
    from: { element: { type: "bff-*" } },
    disallow: { to: { element: { type: "bff-*" } } },
  },
  ...Object.entries(BFF_ALLOWED).map(([part, allowed]) => ({
    from: { element: { type: `bff-${part}` } },
    allow: { to: { element: [bff(part), ...allowed] } },
  })),
  // Entry points put the rooms together; a benchmark does as they do.
  {
    from: { element: { type: ["bff-entry", "bff-bench"] } },
    allow: { to: { element: { type: "bff-*" } } },
  },
  // The resolvers and the visitor cache are reached from outside through their index.ts only.
  {
    from: { element: { type: "bff-*" } },
    disallow: {
      to: { element: [bff("resolvers", "!index.ts"), bff("visitor-cache", "!index.ts")] },
    },
  },
  {
    from: { element: { type: ["bff-resolvers", "bff-visitor-cache"] } },
    allow: {
      to: { element: { type: ["bff-resolvers", "bff-visitor-cache"] } },
      dependency: { relationship: { to: "internal" } },
    },
  },
  {
    from: { element: { type: "bff-upstream" } },
    disallow: {
      to: { module: { origin: "external", source: [...GRAPHQL_PACKAGES, ...HTTP_PACKAGES] } },
    },
  },
  {
    from: { element: { type: ["bff-graphql", "bff-resolvers"] } },
    disallow: { to: { module: { origin: "external", source: HTTP_PACKAGES } } },
  },
];

/** The other packages, one element each (the writer's word tables apart). */
const packageElements = [
  { type: "writer-words", pattern: "writer/src/offline/words", partialMatch: false },
  ...["common", "writer", "e2e", "scripts"].map((name) => ({
    type: name,
    pattern: name,
    partialMatch: false,
  })),
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".data/**",
      ".reports/**",
      "**/__generated__/**",
      "bff/src/upstream/api-types.ts",
      "e2e/test-results/**",
      "e2e/playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx,mts,cts}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
    },
  },
  {
    files: ["client/src/**/*.{ts,tsx}", "client/playground/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    plugins: { boundaries },
    settings: {
      // Imports resolve as TypeScript resolves them ("./x.js" is ./x.ts).
      "import/resolver": { typescript: { alwaysTryTypes: true } },
      "boundaries/elements": [
        ...apiElements,
        ...clientElements,
        ...bffElements,
        ...packageElements,
      ],
      "boundaries/files": [{ category: "test", pattern: TEST_CODE }, ...apiRoleFiles],
    },
  },
  {
    // Production code: the api's capabilities over its platform (nothing upwards) and its roles,
    // the web app's features behind their index.ts, the bff's rooms, and no test code anywhere.
    files: ["**/*.{ts,tsx,mts,mjs}"],
    // Benchmarks drive the app the way tests do, with the tests' helpers.
    ignores: [...TEST_CODE, "api/src/bench/**"],
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          checkInternals: true,
          checkUnknownLocals: true,
          // Packages too: the bff's upstream/ imports no GraphQL and no express.
          checkAllOrigins: true,
          policies: [
            ...apiPolicies,
            ...apiRolePolicies,
            ...clientPolicies,
            ...bffPolicies,
            wordTablesAreData,
            noTestCode,
          ],
        },
      ],
    },
  },
  {
    // Sizes a reader can hold in mind (docs/decisions/034-api-by-capability.md): a product file
    // up to 400 lines, a function up to 150. Tests, benchmarks and the writer's word tables are
    // long by nature; this file is configuration.
    files: ["**/*.{ts,tsx,mts,mjs}"],
    ignores: [...TEST_CODE, "**/bench/**", "writer/src/offline/words/**", "eslint.config.js"],
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The public GraphQL contract (docs/decisions/023-graphql-playground-and-other-clients.md):
    // graphql-eslint's schema rules, and a description on every type, field, argument, input
    // field and enum value, which the playground's docs pane and docs/graphql.md rely on.
    files: ["schema.graphql"],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: { schema: "schema.graphql" } },
    },
    plugins: { "@graphql-eslint": graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs["flat/schema-recommended"].rules,
      // One line is an inline "…", several a block """…""": both read well in the docs pane.
      "@graphql-eslint/description-style": "off",
      // User.username is the product's word for it (docs/product.md#profiles-and-usernames).
      "@graphql-eslint/no-typename-prefix": "off",
      // Values without an identity of their own: parts of a story, pages, edges, pushed updates.
      "@graphql-eslint/strict-id-in-types": [
        "error",
        {
          exceptions: {
            types: [
              "Chapter",
              "StoryContent",
              "StoryContentPreview",
              "CommentLocation",
              "PageInfo",
              "StoryGenerationUpdate",
              // A story's next chapter (Continue the story): a value of its story, no identity.
              "NextChapter",
              // Values of the viewer or of a watch-live link, no identity of their own.
              "AiAllowance",
              "WatchLink",
              "WatchedChapter",
              "WatchedStory",
              // A search result's highlighted title and excerpt: values of one edge, no identity.
              "SearchHighlight",
              "HighlightPiece",
              // A run of words of a version's diff (decision 054): a value of the version.
              "TextChange",
              // The reader's library (decision 058): a place in a story and a diff since reading,
              // values of the reader's progress and of the story.
              "ReadingPosition",
              "ChangesSinceRead",
              // Paying for stories (decisions 030–032): values of the object that holds them (a
              // price, the viewer's access, an ad offer named by its nonce), an admin's view of a
              // purchase that has its own id, a provider's event, answers of a mutation.
              "Money",
              "StoryAccess",
              "AdOffer",
              "EarningsLedger",
              "AdminPurchase",
              "PaymentEvent",
              "PremiumStatus",
              "TestCheckout",
              "TestCheckoutRedirect",
              // A reader's choice for one kind on one channel: a value of the viewer.
              "NotificationPreference",
            ],
            suffixes: ["Connection", "Edge", "Payload"],
          },
        },
      ],
      "@graphql-eslint/require-description": [
        "error",
        {
          types: true,
          rootField: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          DirectiveDefinition: true,
        },
      ],
    },
  },
);
