// The code of the pages a visitor's first visit draws before Apollo Client (the client's build
// lists it in first-view-preloads.json: client/first-view-preloads.ts): preloaded from that
// page's HTML, so it downloads beside the entry instead of after it has run
// (docs/decisions/038-first-views-without-apollo.md).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { escapeHtml } from "./page-template.js";

export const FIRST_VIEW_PRELOADS_FILE = "first-view-preloads.json";

/** The pages drawn first without Apollo Client. */
export type FirstViewPage = "home" | "explore" | "story";

/** The head tags that preload a first view's code, by page (none for a page the build lacks). */
export type FirstViewCode = Record<FirstViewPage, string[]>;

const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css)$/;

function pathsOf(value: unknown, extension: "js" | "css"): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is string =>
      typeof item === "string" && ASSET_PATH.test(item) && item.endsWith(`.${extension}`),
  );
}

/**
 * Reads the build's list beside its index.html once, at start-up. A build without it (an older
 * one, or a test's own index.html) preloads nothing; paths that are not the build's asset files are
 * left out.
 */
export function readFirstViewCode(indexHtmlPath: string): FirstViewCode {
  const file = path.join(path.dirname(indexHtmlPath), FIRST_VIEW_PRELOADS_FILE);
  const code: FirstViewCode = { home: [], explore: [], story: [] };
  if (!existsSync(file)) return code;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return code;
  }
  for (const page of Object.keys(code) as FirstViewPage[]) {
    const entry = (parsed as Record<string, { modules?: unknown; styles?: unknown }> | null)?.[
      page
    ];
    code[page] = [
      ...pathsOf(entry?.modules, "js").map(
        (href) => `<link rel="modulepreload" href="${escapeHtml(href)}" />`,
      ),
      ...pathsOf(entry?.styles, "css").map(
        // crossorigin as on the stylesheet Vite adds when the code asks for it, or the browser
        // does not use the preload and downloads the file again.
        (href) => `<link rel="preload" as="style" href="${escapeHtml(href)}" crossorigin />`,
      ),
    ];
  }
  return code;
}
