// The security headers of every answer the BFF gives (the app's HTML, its assets, /graphql, the
// pictures): a strict Content-Security-Policy and its companions, set with helmet. What each
// source is for, and what is left out, is in docs/decisions/016-security-headers-and-error-pages.md.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FirebaseWebConfig } from "@storyloom/common";
import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";

/** What the page policy depends on: the Firebase project, the Auth emulator, the served client. */
export interface SiteSettings {
  firebase: FirebaseWebConfig;
  /** The Auth emulator's URL, or null with a real Firebase project. */
  authEmulatorUrl: string | null;
  /** The built client served, or null for none. */
  clientDist: string | null;
}

/** Firebase Auth's REST hosts: sign-in and sign-up, and the ID token refresh. */
const FIREBASE_AUTH_HOSTS = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
];

/**
 * Firebase's Google pop-up talks to its handler page through a hidden iframe of the auth domain,
 * which Google's iframe library (gapi, loaded from here into the page) opens.
 */
const GOOGLE_IFRAME_LIBRARY = "https://apis.google.com";

/** An inline <script> without a src: its text, as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP source of each inline script of the built index.html (the theme script that runs before
 * the first paint): `'sha256-…'` of its text as the browser hashes it (the HTML parser turns CRLF
 * and CR into LF first), so no other inline script ever runs.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.replace(/\r\n?/g, "\n").matchAll(INLINE_SCRIPT)].map(
    ([, text]) => `'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`,
  );
}

/** The CSP directives for this configuration and the served index.html (null: no client). */
export function contentSecurityPolicy(
  config: Pick<SiteSettings, "firebase" | "authEmulatorUrl">,
  indexHtml: string | null,
): Record<string, string[]> {
  const emulator = config.authEmulatorUrl ? [new URL(config.authEmulatorUrl).origin] : [];
  return {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      ...(indexHtml ? inlineScriptHashes(indexHtml) : []),
      GOOGLE_IFRAME_LIBRARY,
    ],
    "script-src-attr": ["'none'"],
    // The bundle's stylesheets only; React's style={} props write through the CSSOM, which CSP
    // does not govern, so no 'unsafe-inline' is needed for them.
    "style-src": ["'self'"],
    // Story pictures are same-origin (/media) or blob: (a private picture fetched with the token);
    // avatars are any http(s) URL a profile names (docs/product.md#profiles-and-usernames);
    // https only here: an http picture would be mixed content on the real site.
    "img-src": ["'self'", "blob:", "https:"],
    "font-src": ["'self'"],
    // 'self' covers ws: and wss: to the same host (graphql-ws on /graphql).
    "connect-src": ["'self'", ...FIREBASE_AUTH_HOSTS, ...emulator],
    "frame-src": [`https://${config.firebase.authDomain}`, ...emulator],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
}

/** helmet with the app's policy; the served index.html is read once, at start-up. */
export function securityHeaders(config: SiteSettings): RequestHandler {
  const indexHtmlPath = config.clientDist ? path.join(config.clientDist, "index.html") : null;
  const indexHtml =
    indexHtmlPath && existsSync(indexHtmlPath) ? readFileSync(indexHtmlPath, "utf8") : null;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, indexHtml),
    },
    // The Google sign-in pop-up must keep its opener to hand the credential back.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    xFrameOptions: { action: "deny" },
    // The origin still goes to Google: a Firebase API key may be restricted to the site's referrer.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS belongs to whatever terminates TLS in front of the BFF; over plain HTTP it means nothing.
    strictTransportSecurity: false,
  });
}

/**
 * The headers a middleware that only sets headers (helmet) sets on every answer, for answers made
 * without express (the visitor cache's, docs/decisions/037-bff-visitor-cache.md).
 */
export function headersSetBy(middleware: RequestHandler): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let called = false;
  void middleware({ headers: {} } as Request, res as unknown as Response, () => {
    called = true;
  });
  if (!called) throw new Error("the security headers middleware did not pass the request on");
  return [...headers];
}
