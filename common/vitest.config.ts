import { defineConfig } from "vitest/config";

// The timeout bounds a test on a busy machine; it is not a speed goal (that lives in `npm run bench`).
export default defineConfig({ test: { include: ["src/**/*.test.ts"], testTimeout: 30_000 } });
