// The GraphQL playground (GraphiQL, bundled by the client's build into client/dist/playground/):
// /graphql answers a browser's page request with it, and /playground/assets serves its files.
// On in development, off in production unless GRAPHQL_PLAYGROUND=on
// (docs/decisions/023-graphql-playground-and-other-clients.md).
import { existsSync } from "node:fs";
import path from "node:path";
import express, { type Request, type RequestHandler, type Router } from "express";
import helmet from "helmet";
import { builtAssets } from "./built-assets.js";
import { notFoundAnswer } from "./error-pages.js";
import { contentSecurityPolicy, type SiteSettings } from "./security-headers.js";

export const PLAYGROUND_ASSETS = "/playground";

/**
 * The app's policy with two additions for GraphiQL's stylesheet, which carries its fonts and a
 * few icons as data: URLs. Scripts stay 'self' only: no inline script, no eval, no worker.
 */
export function playgroundContentSecurityPolicy(
  config: Pick<SiteSettings, "firebase" | "authEmulatorUrl">,
): Record<string, string[]> {
  const policy = contentSecurityPolicy(config, null);
  return {
    ...policy,
    "font-src": [...policy["font-src"]!, "data:"],
    "img-src": [...policy["img-src"]!, "data:"],
  };
}

/** A browser opening /graphql asks for a page; a GraphQL client asks for JSON. */
function wantsPage(req: Request): boolean {
  const preferred = req.accepts([
    "application/json",
    "application/graphql-response+json",
    "text/html",
  ]);
  return preferred === "text/html";
}

export function playground(config: SiteSettings & { playground: boolean }): Router {
  const router = express.Router();
  const folder = config.clientDist ? path.join(config.clientDist, "playground") : null;
  const indexHtml = folder ? path.join(folder, "index.html") : null;
  if (!config.playground || !indexHtml || !existsSync(indexHtml)) {
    // Off: its files are not served either (they sit inside the client's folder).
    router.use(PLAYGROUND_ASSETS, notFoundAnswer());
    return router;
  }
  const pagePolicy: RequestHandler = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: playgroundContentSecurityPolicy(config),
  });
  router.get("/graphql", (req, res, next) => {
    if (!wantsPage(req)) {
      next();
      return;
    }
    pagePolicy(req, res, () => {
      res.setHeader("cache-control", "no-cache");
      res.sendFile(indexHtml);
    });
  });
  router.use(`${PLAYGROUND_ASSETS}/assets`, ...builtAssets(path.join(folder!, "assets")));
  router.use(PLAYGROUND_ASSETS, notFoundAnswer());
  return router;
}
