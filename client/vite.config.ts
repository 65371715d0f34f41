import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
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

/**
 * The installable app (docs/decisions/059-offline-reading.md): a web manifest and a service
 * worker (Workbox) that precaches the app shell (HTML, scripts, styles, icons) and the Latin
 * fonts, answers a page load from the precached HTML when the network is gone, and keeps the
 * other fonts as they are fetched. It caches no GraphQL or REST answer
 * and no story picture: what a reader saved to read offline lives in IndexedDB under their
 * account (src/features/offline), where sign-out clears it.
 */
export const installableApp = () =>
  VitePWA({
    injectRegister: false,
    registerType: "autoUpdate",
    includeAssets: ["favicon.svg"],
    manifest: {
      name: "Storyloom",
      short_name: "Storyloom",
      description: "Generate stories with AI, read them and talk about them.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#4f46e5",
      background_color: "#ffffff",
      icons: [
        { src: "/pwa-192.png", sizes: "192x192", type: "image/png" },
        { src: "/pwa-512.png", sizes: "512x512", type: "image/png" },
        { src: "/pwa-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png}", "assets/*-latin-[0-9]*-normal-*.woff2"],
      globIgnores: ["playground/**", "**/*.map"],
      // Web push: shows what the api pushes and opens its link (docs/decisions/063-web-push.md).
      importScripts: ["/push-handler.js"],
      // Pages come from the network (each with its preview and first data); the precached HTML
      // only when there is none.
      navigateFallback: null,
      // Nor is "/" answered from the precache as "/index.html" (Workbox's default directory index):
      // the home page too comes with its first data (docs/decisions/082-members-first-view-asks-only-for-what-it-shows.md).
      directoryIndex: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === "navigate",
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/index.html" } },
        },
        {
          urlPattern: ({ url }) =>
            url.pathname.startsWith("/assets/") && url.pathname.endsWith(".woff2"),
          handler: "CacheFirst",
          options: { cacheName: "storyloom-fonts", expiration: { maxEntries: 120 } },
        },
      ],
    },
  });

const bffOrigin = `http://127.0.0.1:${process.env.BFF_PORT ?? "4000"}`;

export default defineConfig({
  plugins: [react(), precompressed(), firstViewPreloads(), installableApp()],
  server: {
    host: "127.0.0.1",
    port: Number(process.env.CLIENT_DEV_PORT ?? 5173),
    strictPort: true,
    // The BFF serves the runtime configuration and the GraphQL endpoint (HTTP and graphql-ws).
    proxy: {
      "/graphql": { target: bffOrigin, ws: true, changeOrigin: false },
      "/config.json": { target: bffOrigin },
      // Stories as EPUB books (docs/product.md#epub-downloads).
      "/epub": { target: bffOrigin },
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
