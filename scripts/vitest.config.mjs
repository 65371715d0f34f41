import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

// Repository-level checks: the start script, the deployment files, the README and docs/, and the
// tiers together in one process (tracing.test.mjs).
export default defineConfig({
  resolve: {
    // As the bff's tests: graphql's CommonJS build, the one Node loads for the bff (one realm).
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: { include: ["**/*.test.mjs"], testTimeout: 30_000 },
});
