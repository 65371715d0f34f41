// The GraphQL playground's own build: a separate bundle under dist/playground/, served by the BFF
// at /graphql to a browser, so the web app's pages never load any of it
// (docs/decisions/023-graphql-playground-and-other-clients.md).
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressed } from "./vite.config";

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(here, "playground"),
  base: "/playground/",
  // The app's public/ (favicon) is already in dist/.
  publicDir: false,
  plugins: [
    react(),
    // As for the app (docs/decisions/018-compressed-answers.md).
    precompressed(),
  ],
  build: {
    outDir: path.join(here, "dist/playground"),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 3000,
  },
});
