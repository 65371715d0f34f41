import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";
import { firstViewPreloads } from "./first-view-preloads";

/**
 * Text assets are also written as .br and .gz at build time, so the BFF serves them compressed
 * without compressing on every request (docs/decisions/018-compressed-answers.md). The app's build
 * and the playground's (vite.playground.config.ts) use it.
 */
export const precompressed = () =>
  compression({
    algorithms: ["brotliCompress", "gzip"],
    include: /\.(js|css|html|svg|json|txt)$/,
    threshold: 1024,
    skipIfLargerOrEqual: true,
  });

const bffOrigin = `http://127.0.0.1:${process.env.BFF_PORT ?? "4000"}`;

export default defineConfig({
  plugins: [react(), precompressed(), firstViewPreloads()],
  server: {
    host: "127.0.0.1",
    port: Number(process.env.CLIENT_DEV_PORT ?? 5173),
    strictPort: true,
    // The BFF serves the runtime configuration and the GraphQL endpoint (HTTP and graphql-ws).
    proxy: {
      "/graphql": { target: bffOrigin, ws: true, changeOrigin: false },
      "/config.json": { target: bffOrigin },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Fonts are files, never data: URLs, so the BFF's Content-Security-Policy can say
    // font-src 'self' (docs/decisions/016-security-headers-and-error-pages.md).
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first render loads statically is one chunk beside the entry, however many
          // lazy pages share pieces of it; left to itself the bundler cut it into a file per
          // shared module (docs/decisions/021-lean-client-first-render.md).
          groups: [
            { name: "app-shell", tags: ["$initial"], priority: 2 },
            // Apollo Client and what it brings load beside the first render, as one file rather
            // than a file per piece the pages share (docs/decisions/038-first-views-without-apollo.md).
            {
              name: "apollo",
              test: /node_modules[\\/](@apollo[\\/]client|graphql|rxjs|optimism|@wry[\\/][^\\/]+|tslib)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "playground/**/*.test.ts"],
    restoreMocks: true,
    // Above Testing Library's polling bound (vitest.setup.ts), so a slow wait fails with its own message.
    testTimeout: 30_000,
  },
});
