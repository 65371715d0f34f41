import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { createGunzip } from "node:zlib";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  signInWithGoogle,
  signUp,
  uniqueEmail,
} from "../../../scripts/lib/auth-emulator-client.mjs";
import { FIRST_DATA_DOCUMENTS } from "../__generated__/first-data-documents.js";
import { parse, specifiedRules, validate } from "graphql";
import { operationLimitsRules } from "../graphql/limits.js";
import { globalId } from "../graphql/global-id.js";
import { pageTemplate } from "./page-template.js";
import { createSchema } from "../graphql/schema.js";
import { inlineScriptHashes } from "../transport/security-headers.js";
import { startCountingProxy, type CountingProxy } from "../testing/counting-proxy.js";
import { publishStory } from "../testing/publish-story.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";

// The pages' HTML (docs/decisions/020-page-html-previews-and-first-data.md): link previews of
// listed stories only, robots.txt, the sitemap, and the first data of / and of a story, served by
// a BFF in front of a real api (stories moderated, so one can be pending) through a counting proxy.

const SITE = "https://stories.example";
const THEME_SCRIPT = `(function () { document.documentElement.setAttribute("data-theme", "light"); })();`;
// The client build's index.html, in the shape Vite leaves it.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Storyloom: generate stories with AI, read them and talk about them."
    />
    <title>Storyloom</title>
    <script>${THEME_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// The build's list of the first views' code (client/first-view-preloads.ts), with two entries that
// are not asset files and must be left out.
const FIRST_VIEW_CODE = {
  home: {
    modules: ["/assets/home-page-a1.js", "/assets/field-b2.js", "javascript:alert(1)"],
    styles: ["/assets/home-page-c3.css"],
  },
  explore: { modules: ["/assets/explore-page-f6.js"], styles: [] },
  story: {
    modules: ["/assets/story-page-route-d4.js", "/assets/../secret.js"],
    styles: ["/assets/story-page-route-e5.css", '/assets/x.css" onload="alert(1)'],
  },
};
const HOSTILE_TITLE = `"><script>alert(1)</script></title></script><!-- & 'x'`;
const ADMIN_EMAIL = "admin@stories.example";

let api: ApiProcess;
let proxy: CountingProxy;
let bff: Bff;
let clientDist: string;
let author: string;
let category: { id: string; publicId: string; name: string };
const stories: Record<"listed" | "hostile" | "pending" | "private", string> = {
  listed: "",
  hostile: "",
  pending: "",
  private: "",
};

async function call(query: string, token: string, variables: Record<string, unknown> = {}) {
  const body = await graphql(bff.url, query, { token, variables });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as Record<string, Record<string, string>>;
}

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), "storyloom-pages-"));
  mkdirSync(path.join(clientDist, "assets"));
  writeFileSync(path.join(clientDist, "index.html"), INDEX_HTML);
  writeFileSync(path.join(clientDist, "first-view-preloads.json"), JSON.stringify(FIRST_VIEW_CODE));
  api = await startApi({
    STORY_WRITER_PACE_MS: "0",
    STORY_MODERATION: "pre",
    ADMIN_EMAILS: ADMIN_EMAIL,
  });
  proxy = await startCountingProxy(api.url);
  bff = await startBff(
    proxy.url,
    { CLIENT_DIST: clientDist, PUBLIC_BASE_URL: `${SITE}/`, PAGE_DATA_TIMEOUT_MS: "10000" },
    // Small files and api pages, so a handful of stories spans several of each.
    { sitemap: { maxUrlsPerFile: 5, apiPageSize: 2 } },
  );
  author = (await signUp(inject("authEmulatorHost"), uniqueEmail("author"))).idToken;
  const admin = (
    await signInWithGoogle(inject("authEmulatorHost"), {
      sub: `admin-${Date.now()}`,
      email: ADMIN_EMAIL,
      name: "Admin",
    })
  ).idToken;
  await call("{ viewer { id } }", admin);
  const approve = (publicId: string) =>
    call("mutation($id: ID!) { approveStory(id: $id) { moderationStatus } }", admin, {
      id: globalId("Story", publicId),
    });
  for (const key of ["listed", "hostile", "pending"] as const) {
    const title = key === "hostile" ? HOSTILE_TITLE : `The ${key} lighthouse`;
    stories[key] = await publishStory(bff.url, author, title);
    if (key !== "pending") await approve(stories[key]);
  }
  // Three more listed stories: 5 in all, with the 4 static pages, past one api page and one file.
  for (const n of [1, 2, 3]) await approve(await publishStory(bff.url, author, `Tide ${n}`));
  category = (
    await call(
      "mutation($input: CreateCategoryInput!) { createCategory(input: $input) { id publicId name } }",
      admin,
      { input: { name: "Lighthouses", description: "Keepers and storms." } },
    )
  ).createCategory as typeof category;
  stories.private = await publishStory(bff.url, author, "The private lighthouse");
  await call("mutation($id: ID!) { setStoryVisibility(id: $id, isPublic: false) { id } }", author, {
    id: globalId("Story", stories.private),
  });
}, 120_000);

afterAll(async () => {
  await bff?.server.stop();
  await proxy?.close();
  await api?.stop();
  rmSync(clientDist, { recursive: true, force: true });
});

async function page(pathname: string, target = bff) {
  const response = await fetch(new URL(pathname, target.url));
  return { response, html: await response.text() };
}

/** The head's meta tags as attribute → content (property= or name=). */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g,
  )) {
    tags[key!] = content!;
  }
  return tags;
}

// Answers are checked by the assertions; their static type would only repeat the query.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

function firstData(html: string): { results: Array<Record<string, unknown>> } | null {
  const match =
    /<script type="application\/json" id="storyloom-first-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe("a story's link preview", () => {
  it("gives a listed story its title, description, Open Graph and Twitter card, and canonical URL", async () => {
    const { response, html } = await page(`/stories/${stories.listed}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const url = `${SITE}/stories/${stories.listed}`;
    expect(html).toContain("<title>The listed lighthouse · Storyloom</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    const meta = metaTags(html);
    expect(meta).toMatchObject({
      "og:type": "article",
      "og:site_name": "Storyloom",
      "og:title": "The listed lighthouse",
      "og:url": url,
      "twitter:card": "summary_large_image",
      "twitter:title": "The listed lighthouse",
    });
    // The story's preview replaces the site's description; one description only.
    expect(meta.description).toBeTruthy();
    expect(meta.description).not.toContain("generate stories with AI");
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta["og:description"]).toBe(meta.description);
    // The cover as an absolute URL on the public site, and preloaded as the likely largest paint.
    expect(meta["og:image"]).toMatch(new RegExp(`^${SITE}/media/[\\w-]+$`));
    const cover = new URL(meta["og:image"]!).pathname;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${cover}" fetchpriority="high" />`,
    );
    expect((await fetch(new URL(cover, bff.url))).status).toBe(200);
  });

  it.each([
    ["pending", () => stories.pending],
    ["private", () => stories.private],
    ["unknown", () => "nosuchstory1"],
  ])("gives a %s story the plain app HTML, byte for byte", async (_kind, publicId) => {
    const { response, html } = await page(`/stories/${publicId()}`);
    expect(response.status).toBe(200);
    expect(html).toBe(INDEX_HTML);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("escapes a hostile title everywhere and adds no script the CSP would run", async () => {
    const { response, html } = await page(`/stories/${stories.hostile}`);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("</title></script>");
    const escaped = "&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;/title&#62;";
    expect(html).toContain(`<title>${escaped}`);
    expect(metaTags(html)["og:title"]).toBe(
      `${escaped}&#60;/script&#62;&#60;!-- &#38; &#39;x&#39;`,
    );
    // In the inlined data the title is there whole, as JSON, with every < escaped.
    const inline = /id="storyloom-first-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(inline).not.toContain("<");
    expect(JSON.stringify(firstData(html))).toContain(JSON.stringify(HOSTILE_TITLE).slice(1, -1));
    // Every script is the theme script (allowed by its hash), a module from the site, or data.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(3);
    for (const [, attributes, text] of scripts) {
      if (text === THEME_SCRIPT) continue;
      expect(attributes).toMatch(/type="application\/json"|src="\/assets\//);
    }
    const csp = response.headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toEqual(
      inlineScriptHashes(INDEX_HTML),
    );
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it("preloads the code of the pages drawn before Apollo Client, on /, /explore and a listed story's page only", async () => {
    const preloads = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="(?:modulepreload|preload" as="style)" href="([^"]*)"(?: crossorigin)? \/>/g,
        ),
      ].map((match) => match[1]);
    const home = (await page("/")).html;
    expect(preloads(home)).toEqual([
      "/assets/home-page-a1.js",
      "/assets/field-b2.js",
      "/assets/home-page-c3.css",
    ]);
    // A stylesheet's preload has the crossorigin of the stylesheet the code adds, so it is used.
    expect(home).toContain(
      '<link rel="preload" as="style" href="/assets/home-page-c3.css" crossorigin />',
    );
    // After the build's entry: the browser asks for what blocks the first paint first.
    expect(home.indexOf('rel="modulepreload"')).toBeGreaterThan(
      home.indexOf("/assets/index-abc.js"),
    );
    expect(home.indexOf('rel="modulepreload"')).toBeLessThan(home.indexOf("</head>"));
    expect(preloads((await page(`/stories/${stories.listed}`)).html)).toEqual([
      "/assets/story-page-route-d4.js",
      "/assets/story-page-route-e5.css",
    ]);
    expect((await page(`/stories/${stories.private}`)).html).toBe(INDEX_HTML);
    expect(preloads((await page("/explore")).html)).toEqual(["/assets/explore-page-f6.js"]);
    // A search is the plain app: the client asks for its list itself.
    expect((await page("/explore?q=lamp")).html).toBe(INDEX_HTML);
    expect((await page("/categories")).html).toBe(INDEX_HTML);
  });

  it("leaves /stories/new, the generation form, to the client", async () => {
    proxy.reset();
    const { html } = await page("/stories/new");
    expect(html).toBe(INDEX_HTML);
    expect(proxy.calls).toEqual([]);
  });
});

describe("the first data", () => {
  it("is the client's operations, valid against this schema within the default limits", () => {
    const schema = createSchema();
    const rules = [...specifiedRules, ...operationLimitsRules(bff.config.limits)];
    const operations = Object.values(FIRST_DATA_DOCUMENTS).flat();
    expect(operations.map((operation) => operation.operationName)).toEqual([
      "FreshThreads",
      "TrendingNow",
      "ExploreStories",
      "Categories",
      "StoryReader",
    ]);
    for (const { operationName, query } of operations) {
      const document = parse(query);
      expect(validate(schema, document, rules)).toEqual([]);
      expect(document.definitions[0]).toMatchObject({ name: { value: operationName } });
    }
  });

  it("comes with the home page: the client's own operations, run as a visitor for the caller's address", async () => {
    proxy.reset();
    const { response, html } = await fetch(new URL("/", bff.url), {
      headers: { "x-forwarded-for": "203.0.113.7" },
    }).then(async (answer) => ({ response: answer, html: await answer.text() }));
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const inlined = firstData(html)!;
    expect(inlined.results.map((result) => result.operationName)).toEqual(
      FIRST_DATA_DOCUMENTS.home.map((operation) => operation.operationName),
    );
    const [fresh] = inlined.results as Array<{ variables: unknown; data: Data }>;
    expect(fresh!.variables).toEqual({ first: 9 });
    const titles = fresh!.data.stories.edges.map((edge: Data) => edge.node.title);
    expect(titles).toContain("The listed lighthouse");
    expect(titles).not.toContain("The pending lighthouse");
    expect(titles).not.toContain("The private lighthouse");
    // As the web client sends it: with __typename, so its cache can file each story.
    expect(fresh!.data.stories.edges[0].node.__typename).toBe("Story");
    // The newest story's cover is the one the page preloads.
    expect(html).toContain(
      `<link rel="preload" as="image" href="${fresh!.data.stories.edges[0].node.headerImageUrl}" fetchpriority="high" />`,
    );
    expect(html).toContain(`<link rel="canonical" href="${SITE}/" />`);
    // No token went to the api, and it saw the real client behind the BFF.
    expect(proxy.calls.length).toBeGreaterThan(0);
    for (const headers of proxy.headers) {
      expect(headers.authorization).toBeUndefined();
      expect(headers["x-forwarded-for"]).toMatch(/^203\.0\.113\.7, /);
    }
  });

  it("comes with a listed story's page, as the reader asks for it", async () => {
    const { html } = await page(`/stories/${stories.listed}`);
    const [reader] = firstData(html)!.results as Array<{ operationName: string; data: Data }>;
    expect(reader!.operationName).toBe("StoryReader");
    expect(reader!.data.story).toMatchObject({
      publicId: stories.listed,
      title: "The listed lighthouse",
      viewerHasBookmarked: false,
      __typename: "Story",
    });
  });

  it("comes with /explore: its newest list and the filter bar's categories, each under the variables the client asks with, and the first cover preloaded", async () => {
    proxy.reset();
    const { response, html } = await fetch(new URL("/explore", bff.url), {
      headers: { "x-forwarded-for": "203.0.113.8" },
    }).then(async (answer) => ({ response: answer, html: await answer.text() }));
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const [list, categories, ...rest] = firstData(html)!.results as Array<{
      operationName: string;
      variables: unknown;
      data: Data;
    }>;
    expect(rest).toEqual([]);
    // As ExplorePage asks for the newest page of a view with no filters (explore-first-view.ts).
    expect(list).toMatchObject({
      operationName: "ExploreStories",
      variables: { sort: "NEWEST", first: 9 },
    });
    const titles = list!.data.stories.edges.map((edge: Data) => edge.node.title);
    expect(titles.slice(0, 3)).toEqual(["Tide 3", "Tide 2", "Tide 1"]);
    expect(titles).toContain("The listed lighthouse");
    expect(titles).not.toContain("The pending lighthouse");
    expect(titles).not.toContain("The private lighthouse");
    expect(list!.data.stories.edges[0].node.__typename).toBe("Story");
    expect(list!.data.stories.pageInfo).toMatchObject({ hasNextPage: false });
    // The categories take no variables: they are filed under none, as the filter bar asks.
    expect(categories).toMatchObject({ operationName: "Categories", variables: {} });
    expect(categories!.data.categories).toEqual([
      expect.objectContaining({ ...category, storyCount: 0, __typename: "Category" }),
    ]);
    // The first card's cover, the page's largest paint, is preloaded with the data.
    const cover = list!.data.stories.edges[0].node.headerImageUrl;
    expect(cover).toMatch(/^\/media\/[\w-]+$/);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${cover}" fetchpriority="high" />`,
    );
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
    // The build's head, unchanged: /explore gets no canonical or preview tags of its own.
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain("<title>Storyloom</title>");
    for (const headers of proxy.headers) {
      expect(headers.authorization).toBeUndefined();
      expect(headers["x-forwarded-for"]).toMatch(/^203\.0\.113\.8, /);
    }
  });

  it("comes with /explore?sort=popular as the popular list; any other sort is the newest", async () => {
    const popular = firstData((await page("/explore?sort=popular")).html)!;
    expect(popular.results[0]).toMatchObject({
      operationName: "ExploreStories",
      variables: { sort: "POPULAR", first: 9 },
    });
    expect((popular.results[0] as { data: Data }).data.stories.edges.length).toBe(5);
    const unknown = firstData((await page("/explore?sort=oldest&utm_source=chat")).html)!;
    expect(unknown.results[0]).toMatchObject({ variables: { sort: "NEWEST", first: 9 } });
  });

  it.each([
    ["a search", "/explore?q=lighthouse"],
    ["a category", "/explore?sort=popular&category=lighthouses"],
    ["tags", "/explore?tags=sea"],
    ["left-out tags", "/explore?exclude=gore"],
    ["a length", "/explore?length=short"],
    ["a nastiness", "/explore?nastiness=heavy"],
  ])(
    "is left to the client for /explore with %s: the plain app, nothing asked of the api",
    async (_what, pathname) => {
      proxy.reset();
      const { response, html } = await page(pathname);
      expect(response.status).toBe(200);
      expect(html).toBe(INDEX_HTML);
      expect(proxy.calls).toEqual([]);
    },
  );

  it("is compressed on the way", async () => {
    const response = await fetch(new URL("/", bff.url), { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(firstData(await response.text())).not.toBeNull();
  });

  it("is left out, and the page still served, when the api is down or does not answer", async () => {
    // Nothing listens on the first; the second takes connections and never answers.
    const sockets = new Set<Socket>();
    const silent = http.createServer(() => {});
    silent.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const env = { CLIENT_DIST: clientDist, PAGE_DATA_TIMEOUT_MS: "200" };
    const down = await startBff("http://127.0.0.1:9", env);
    const slow = await startBff(silentUrl, env);
    try {
      for (const target of [down, slow]) {
        const home = await page("/", target);
        expect(home.response.status).toBe(200);
        expect(home.html).toContain('<div id="root"></div>');
        expect(firstData(home.html)).toBeNull();
        expect(home.html).not.toContain('rel="preload" as="image"');
        const explore = await page("/explore", target);
        expect(explore.response.status).toBe(200);
        expect(firstData(explore.html)).toBeNull();
        expect(explore.html).not.toContain('rel="preload" as="image"');
        const story = await page(`/stories/${stories.listed}`, target);
        expect(story.response.status).toBe(200);
        expect(story.html).toBe(INDEX_HTML);
      }
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      await down.server.stop();
      for (const socket of sockets) socket.destroy();
      await slow.server.stop();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("starts at once while the data is awaited, compressed or not, so the browser fetches the bundle meanwhile", async () => {
    const sockets = new Set<Socket>();
    const silent = http.createServer(() => {});
    silent.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const waiting = await startBff(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, {
      CLIENT_DIST: clientDist,
      PAGE_DATA_TIMEOUT_MS: "10000",
    });
    try {
      for (const encoding of [null, "gzip"]) {
        const firstText = await new Promise<string>((resolve, reject) => {
          const request = http.get(
            new URL("/", waiting.url),
            { headers: encoding ? { "accept-encoding": encoding } : {} },
            (response) => {
              expect(response.headers["content-encoding"]).toBe(encoding ?? undefined);
              const body = encoding ? response.pipe(createGunzip()) : response;
              body.once("data", (chunk: Buffer) => {
                resolve(chunk.toString());
                request.destroy();
              });
              body.on("error", () => {});
            },
          );
          request.on("error", (error) => {
            if (!request.destroyed) reject(error);
          });
        });
        // The api has not answered (it never will): the head and the root are out already.
        expect(firstText).toContain(
          '<script type="module" crossorigin src="/assets/index-abc.js">',
        );
        expect(firstText).toContain('<div id="root"></div>');
        expect(firstText).not.toContain("</html>");
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      await waiting.server.stop();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("robots.txt", () => {
  it("opens the public pages, closes the private areas and names the sitemap", async () => {
    const response = await fetch(new URL("/robots.txt", bff.url));
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const closed of ["/my/", "/settings", "/admin", "/graphql"]) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    expect(lines).not.toContain("Disallow: /stories/");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe("the sitemap", () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);

  it("lists the static pages and every listed story, paged from the api, in files under an index", async () => {
    proxy.reset();
    const index = await fetch(new URL("/sitemap.xml", bff.url));
    expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(index.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const indexXml = await index.text();
    expect(indexXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    // 4 static pages and 5 listed stories, 5 URLs a file.
    expect(locs(indexXml)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`]);
    // 5 stories, 2 a page: three pages of the api's newest list.
    expect(proxy.calls.filter((call) => call === "GET /v1/stories")).toHaveLength(3);

    const urls: string[] = [];
    for (const n of [1, 2]) {
      const file = await fetch(new URL(`/sitemap-${n}.xml`, bff.url));
      expect(file.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const xml = await file.text();
      expect(xml).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      expect(locs(xml).length).toBeLessThanOrEqual(5);
      urls.push(...locs(xml));
    }
    expect(urls.slice(0, 4)).toEqual([
      `${SITE}/`,
      `${SITE}/explore`,
      `${SITE}/terms`,
      `${SITE}/privacy`,
    ]);
    expect(urls).toContain(`${SITE}/stories/${stories.listed}`);
    expect(urls).toContain(`${SITE}/stories/${stories.hostile}`);
    expect(urls).not.toContain(`${SITE}/stories/${stories.pending}`);
    expect(urls).not.toContain(`${SITE}/stories/${stories.private}`);
    expect(urls).toHaveLength(9);
    expect((await fetch(new URL("/sitemap-3.xml", bff.url))).status).toBe(404);
  });

  it("is one file of URLs when they fit", async () => {
    const single = await startBff(proxy.url, { PUBLIC_BASE_URL: SITE, CLIENT_DIST: "" });
    try {
      const xml = await (await fetch(new URL("/sitemap.xml", single.url))).text();
      expect(xml).toMatch(/<urlset /);
      expect(locs(xml)).toHaveLength(9);
      expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/);
    } finally {
      await single.server.stop();
    }
  });
});

describe("the page template", () => {
  it("takes a build without a title or a body end: the title goes before </head>, the data at the end", () => {
    const page = pageTemplate("<html><head><meta charset=utf-8></head><div id=root></div>").render({
      title: "A & B · Storyloom",
      head: ['<link rel="canonical" href="https://stories.example/" />'],
    });
    expect(page.start + page.end(["<p>data</p>"])).toBe(
      '<html><head><meta charset=utf-8><title>A &#38; B · Storyloom</title>\n    <link rel="canonical" href="https://stories.example/" /></head><div id=root></div>  <p>data</p>\n  ',
    );
  });

  it("puts the head's last tags just before </head>, or after the title when there is none", () => {
    const tag = '<link rel="modulepreload" href="/assets/a.js" />';
    const withHead = pageTemplate(
      "<html><head><title>S</title><script src=/e.js></script></head><body></body></html>",
    ).render({ headEnd: [tag] });
    expect(withHead.start).toBe(
      `<html><head><title>S</title><script src=/e.js></script>  ${tag}\n  </head><body>`,
    );
    const headless = pageTemplate("<title>S</title><p>x</p>").render({ headEnd: [tag] });
    expect(headless.start).toBe(`<title>S</title>  ${tag}\n  <p>x</p>`);
  });
});
