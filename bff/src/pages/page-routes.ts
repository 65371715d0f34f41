// What the bff serves besides GraphQL and the assets: the app's HTML for every client route, with
// a story's link preview and the first data of /, /explore and a story page inlined; robots.txt and the
// sitemap (docs/decisions/020-page-html-previews-and-first-data.md).
import { readFileSync } from "node:fs";
import express, { type Request, type Response, type Router } from "express";
import { HOME_SECTION_CARDS, isAppPath } from "@storyloom/common";
import { dataOf, type ClientHeaders, type RestConnection } from "../upstream/rest-client.js";
import type { RestStoryDetail } from "../upstream/rest-types.js";
import {
  FIRST_DATA_ELEMENT_ID,
  withinTime,
  type FirstDataResult,
  type FirstDataRunner,
} from "./first-data.js";
import { readFirstViewCode } from "./first-view-code.js";
import { coverPath, isListed, storyPreview } from "./link-preview.js";
import { escapeHtml, jsonForScript, pageTemplate, type RenderedPage } from "./page-template.js";
import { robotsTxt } from "./robots.js";
import { createSitemapSource, type SitemapOptions } from "./sitemap.js";

/** The pages' HTML (docs/decisions/020-page-html-previews-and-first-data.md). */
export interface PageHtmlSettings {
  /** The site's public origin (and path), no trailing slash: canonical URLs, previews, sitemap. */
  publicBaseUrl: string;
  /** How long a page's HTML may wait for the api: its first data, a story's preview (0: never asks). */
  pageDataTimeoutMs: number;
}

export interface PageRoutesOptions {
  settings: PageHtmlSettings;
  rest: RestConnection;
  firstData: FirstDataRunner;
  clientHeaders: (req: Request) => ClientHeaders;
  /** The built client's index.html, or null when the bff serves no client. */
  indexHtmlPath: string | null;
  sitemap?: SitemapOptions;
}

/**
 * HTML that may carry data: every cache revalidates it (ETag) before use. It is the same for
 * everyone (a visitor's view, no cookie), so it need not be private.
 */
const HTML_CACHE = "no-cache";
const ROBOTS_CACHE = "public, max-age=3600";
const SITEMAP_CACHE = "public, max-age=600";

/** Crawler files, served with or without a client. */
export function crawlerRoutes(options: PageRoutesOptions): Router {
  const router = express.Router();
  const robots = robotsTxt(options.settings.publicBaseUrl);
  const sitemaps = createSitemapSource(
    options.rest,
    options.settings.publicBaseUrl,
    options.sitemap,
  );
  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain; charset=utf-8").setHeader("cache-control", ROBOTS_CACHE).send(robots);
  });
  const sendXml = (res: Response, xml: string) =>
    res.type("application/xml; charset=utf-8").setHeader("cache-control", SITEMAP_CACHE).send(xml);
  router.get("/sitemap.xml", async (req, res, next) => {
    try {
      sendXml(res, (await sitemaps.get(options.clientHeaders(req))).root);
    } catch (error) {
      next(error);
    }
  });
  router.get("/sitemap-:n.xml", async (req, res, next) => {
    try {
      const n = Number(req.params.n);
      const file = Number.isInteger(n)
        ? (await sitemaps.get(options.clientHeaders(req))).files[n - 1]
        : undefined;
      // A file past the last is missing, not a client route: the error answer's 404.
      if (file === undefined)
        next(Object.assign(new Error("no such sitemap file"), { status: 404 }));
      else sendXml(res, file);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** The app's HTML for every address: 200 for a client route, else 404 (the SPA's Not Found page). */
export function appHtmlRoutes(options: PageRoutesOptions & { indexHtmlPath: string }): Router {
  const { settings, rest, firstData, clientHeaders } = options;
  const template = pageTemplate(readFileSync(options.indexHtmlPath, "utf8"));
  const firstViewCode = readFirstViewCode(options.indexHtmlPath);
  const router = express.Router();

  const sendHtml = (res: Response, html: string) =>
    res.type("html").setHeader("cache-control", HTML_CACHE).send(html);

  /**
   * The page's start at once, then its end once the first data has come or its time is up: the
   * browser fetches the bundle meanwhile (compression flushes what it holds at each step).
   */
  async function streamHtml(
    res: Response,
    page: RenderedPage,
    data: Promise<FirstDataResult[]>,
    firstList?: string,
  ) {
    res.type("html").setHeader("cache-control", HTML_CACHE);
    res.write(page.start);
    (res as Response & { flush?: () => void }).flush?.();
    res.end(page.end(await firstDataElements(data, firstList)));
  }

  router.get("/", async (req, res) => {
    const data = firstData.run("home", { first: HOME_SECTION_CARDS }, clientHeaders(req));
    const page = template.render({
      head: [`<link rel="canonical" href="${escapeHtml(`${settings.publicBaseUrl}/`)}" />`],
      headEnd: firstViewCode.home,
    });
    await streamHtml(res, page, data, "FreshThreads");
  });

  router.get("/explore", async (req, res) => {
    const variables = exploreFirstDataVariables(
      new URL(req.originalUrl, "http://page").searchParams,
    );
    // A search or filters: the client asks for its list itself.
    if (!variables) {
      sendHtml(res, template.plain);
      return;
    }
    const data = firstData.run("explore", variables, clientHeaders(req));
    await streamHtml(
      res,
      template.render({ headEnd: firstViewCode.explore }),
      data,
      "ExploreStories",
    );
  });

  router.get("/stories/:publicId", async (req, res, next) => {
    const { publicId } = req.params;
    // /stories/new is the generation form, a client route like any other.
    if (publicId === "new") {
      next();
      return;
    }
    const client = clientHeaders(req);
    // Both as a visitor and side by side: the preview's story, and the reader's first data.
    const data = firstData.run("story", { publicId }, client);
    const story = await withinTime(
      () => listedStory(rest, publicId, client),
      settings.pageDataTimeoutMs,
    );
    if (!story) {
      // Private, pending, rejected, unknown: the plain app, the same bytes for each.
      data.catch(() => {});
      sendHtml(res, template.plain);
      return;
    }
    const preview = storyPreview(story, settings.publicBaseUrl);
    const cover = coverPath(story);
    const page = template.render({
      ...preview,
      head: [...(preview.head ?? []), ...(cover ? [preloadImage(cover)] : [])],
      headEnd: firstViewCode.story,
    });
    await streamHtml(res, page, data);
  });

  // Any other address: the app, which shows its Not Found page where it has no screen; that answer
  // is a 404, so search engines do not index it as a page (a "soft 404").
  router.get("/{*path}", (req, res) => {
    res.status(isAppPath(req.path) ? 200 : 404);
    sendHtml(res, template.plain);
  });
  return router;
}

/** The story when a visitor may see it and it is listed, else null (also when the api fails). */
async function listedStory(
  rest: RestConnection,
  publicId: string,
  client: ClientHeaders,
): Promise<RestStoryDetail | null> {
  try {
    const story = await dataOf(
      rest.forAuthorization(null, client).GET("/v1/stories/{id}", {
        params: { path: { id: publicId } },
      }),
    );
    return isListed(story) ? story : null;
  } catch {
    return null;
  }
}

/** The params of /explore's URL that name a search or a filter (client: explore-filters.ts). */
const EXPLORE_VIEW_PARAMS = ["q", "category", "tags", "exclude", "length", "nastiness"];

/**
 * The variables of /explore's list as the client asks for its first page (exploreStoriesVariables
 * in client/src/features/explore/explore-first-view.ts): its sort (anything but "popular" is the
 * newest) and a page as large as a home section. Null when the URL names a search or a filter:
 * those views are left to the client, rather than repeating here its rules for reading them.
 */
export function exploreFirstDataVariables(
  params: URLSearchParams,
): { sort: "NEWEST" | "POPULAR"; first: number } | null {
  if (EXPLORE_VIEW_PARAMS.some((name) => (params.get(name) ?? "").trim() !== "")) return null;
  return {
    sort: params.get("sort") === "popular" ? "POPULAR" : "NEWEST",
    first: HOME_SECTION_CARDS,
  };
}

/**
 * The first data as a JSON script (not executable: the CSP has nothing to allow), and a preload of
 * the cover of the first card of the page's list (`firstList`), the likely largest paint, when it
 * is known only from the data.
 */
async function firstDataElements(
  data: Promise<FirstDataResult[]>,
  firstList?: string,
): Promise<string[]> {
  const answers = await data.catch(() => []);
  if (answers.length === 0) return [];
  const list = answers.find((answer) => answer.operationName === firstList);
  const cover = list ? firstCover(list) : null;
  return [
    ...(cover ? [preloadImage(cover)] : []),
    `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForScript({ results: answers })}</script>`,
  ];
}

function preloadImage(path: string): string {
  return `<link rel="preload" as="image" href="${escapeHtml(path)}" fetchpriority="high" />`;
}

/** The first card's cover of a list whose root field is `stories` (Fresh Threads, Explore). */
function firstCover(answer: FirstDataResult): string | null {
  const stories = answer.data.stories as
    { edges?: Array<{ node?: { headerImageUrl?: unknown } }> } | undefined;
  const cover = stories?.edges?.[0]?.node?.headerImageUrl;
  return typeof cover === "string" ? cover : null;
}
