// The files of a client build (the app's, the playground's): each served from its brotli or gzip
// twin when the browser takes it (Content-Encoding, Vary: Accept-Encoding), else as it is, kept a
// year (their names carry their content's hash).
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { refuseUndecodablePath } from "./error-pages.js";

export function builtAssets(folder: string): RequestHandler[] {
  return [
    refuseUndecodablePath(),
    expressStaticGzip(folder, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: {
        immutable: true,
        maxAge: "1y",
        // A missing asset is a 404, never the app's HTML in its place.
        fallthrough: false,
      },
    }),
  ];
}
