// sitemap.xml: the public static pages and every listed story, walked page by page through the
// api's public newest list, split into files within the protocol's limits (50,000 URLs and 50 MB
// each) under a sitemap index when one file is not enough
// (docs/decisions/020-page-html-previews-and-first-data.md).
import { LIST_MAX_SIZE } from "@storyloom/common";
import { dataOf, type ClientHeaders, type RestConnection } from "../upstream/rest-client.js";
import { escapeHtml } from "./page-template.js";
import { storyUrl } from "./link-preview.js";

/** The sitemaps protocol's limits for one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** A walk of the list serves every request for this long. */
const SITEMAP_FRESH_MS = 10 * 60_000;

/** The public pages that are not stories (docs/product.md#routes-and-layout). */
const STATIC_PAGES = ["/", "/explore", "/terms", "/privacy"];

export interface SitemapOptions {
  /** Seams for tests: smaller files and api pages than the real ones. */
  maxUrlsPerFile?: number;
  maxBytesPerFile?: number;
  apiPageSize?: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const URLSET_OPEN = `${XML_HEAD}<urlset ${NS}>\n`;
const URLSET_CLOSE = "</urlset>\n";

export interface Sitemaps {
  /** /sitemap.xml: the one urlset, or the index of /sitemap-1.xml … when there are several. */
  root: string;
  /** /sitemap-N.xml is files[N - 1] (empty when root is the only file). */
  files: string[];
}

function urlEntry(loc: string, lastmod?: string): string {
  const modified = lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : "";
  return `<url><loc>${escapeHtml(loc)}</loc>${modified}</url>\n`;
}

/** Entries into urlset files, each within both limits. */
export function splitIntoFiles(entries: string[], maxUrls: number, maxBytes: number): string[] {
  const files: string[] = [];
  let current: string[] = [];
  let bytes = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  for (const entry of entries) {
    const size = Buffer.byteLength(entry);
    if (current.length > 0 && (current.length >= maxUrls || bytes + size > maxBytes)) {
      files.push(URLSET_OPEN + current.join("") + URLSET_CLOSE);
      current = [];
      bytes = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
    }
    current.push(entry);
    bytes += size;
  }
  files.push(URLSET_OPEN + current.join("") + URLSET_CLOSE);
  return files;
}

export function sitemapIndex(publicBaseUrl: string, count: number): string {
  const entries = Array.from(
    { length: count },
    (_, index) =>
      `<sitemap><loc>${escapeHtml(`${publicBaseUrl}/sitemap-${index + 1}.xml`)}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("")}</sitemapindex>\n`;
}

export interface SitemapSource {
  /** The sitemaps, from a walk at most SITEMAP_FRESH_MS old; one walk at a time. */
  get(client: ClientHeaders): Promise<Sitemaps>;
}

export function createSitemapSource(
  rest: RestConnection,
  publicBaseUrl: string,
  options: SitemapOptions = {},
): SitemapSource {
  const maxUrls = Math.min(options.maxUrlsPerFile ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const maxBytes = Math.min(options.maxBytesPerFile ?? SITEMAP_MAX_BYTES, SITEMAP_MAX_BYTES);
  const pageSize = options.apiPageSize ?? LIST_MAX_SIZE;
  let cached: { at: number; sitemaps: Promise<Sitemaps> } | null = null;

  async function walk(client: ClientHeaders): Promise<Sitemaps> {
    const entries = STATIC_PAGES.map((page) =>
      urlEntry(`${publicBaseUrl}${page === "/" ? "/" : page}`),
    );
    let cursor: string | undefined;
    do {
      // A client per page: each is one call, within the per-operation budget of api calls.
      const page = await dataOf(
        rest.forAuthorization(null, client).GET("/v1/stories", {
          params: { query: { sort: "newest", size: pageSize, ...(cursor ? { cursor } : {}) } },
        }),
      );
      for (const story of page.items) {
        entries.push(urlEntry(storyUrl(publicBaseUrl, story.public_id), story.updated_at));
      }
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    const files = splitIntoFiles(entries, maxUrls, maxBytes);
    return files.length === 1
      ? { root: files[0]!, files: [] }
      : { root: sitemapIndex(publicBaseUrl, files.length), files };
  }

  return {
    get(client) {
      if (cached && Date.now() - cached.at < SITEMAP_FRESH_MS) return cached.sitemaps;
      const sitemaps = walk(client);
      cached = { at: Date.now(), sitemaps };
      // A failed walk is not kept: the next request tries again.
      sitemaps.catch(() => {
        if (cached?.sitemaps === sitemaps) cached = null;
      });
      return sitemaps;
    },
  };
}
