import { defineConfig } from "vitest/config";

// The timeout bounds a test, it is not a speed goal (that lives in `npm run bench`): some tests
// render every genre at every nastiness, which a busy 2-core machine takes seconds to do.
export default defineConfig({ test: { include: ["src/**/*.test.ts"], testTimeout: 30_000 } });
