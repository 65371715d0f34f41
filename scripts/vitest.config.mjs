import { defineConfig } from "vitest/config";

// Repository-level checks: the start script, the deployment files, the README and docs/.
export default defineConfig({
  test: { include: ["**/*.test.mjs"], testTimeout: 30_000 },
});
