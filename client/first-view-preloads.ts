// A Vite plugin: for each page a visitor's first visit draws without Apollo Client
// (docs/decisions/038-first-views-without-apollo.md), the files of its code and styles beyond the
// entry, written to dist/first-view-preloads.json. The bff puts a preload of each into that page's
// HTML, so they download beside the entry instead of after it has run.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** The module each first view's page is drawn by, by the bff's name for the page. */
export const FIRST_VIEW_PAGES = {
  home: "src/features/home/home-page.tsx",
  explore: "src/features/explore/explore-page.tsx",
  story: "src/features/reader/page/story-page-route.tsx",
} as const;

export const FIRST_VIEW_PRELOADS_FILE = "first-view-preloads.json";

export interface FirstViewPreloads {
  /** Script files (paths from the site's root), the page's own first. */
  modules: string[];
  /** Stylesheets the page's code imports. */
  styles: string[];
}

interface ChunkLike {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function firstViewPreloads(): Plugin {
  return {
    name: "storyloom-first-view-preloads",
    apply: "build",
    // Once the bundle is final: Vite drops chunks that held only styles while it generates it,
    // and a preload of one of those would be a 404.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is typeof output & ChunkLike => output.type === "chunk",
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const preloads: Record<string, FirstViewPreloads> = {};
      for (const [page, module] of Object.entries(FIRST_VIEW_PAGES)) {
        const own = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
        if (!own) throw new Error(`first-view-preloads: no chunk for ${module}`);
        // The page's chunk and what it imports statically, except the entry (already loading).
        const seen = new Set<string>();
        const visit = (chunk: ChunkLike) => {
          if (chunk.isEntry || seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        visit(own);
        const files = [...seen];
        preloads[page] = {
          modules: files.map((file) => `/${file}`),
          styles: files.flatMap((file) =>
            [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`),
          ),
        };
      }
      writeFileSync(
        path.join(options.dir ?? "dist", FIRST_VIEW_PRELOADS_FILE),
        `${JSON.stringify(preloads, null, 2)}\n`,
      );
    },
  };
}
