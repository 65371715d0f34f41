// robots.txt: public pages open to crawlers, the signed-in areas and the API closed, and where the
// sitemap is (docs/decisions/020-page-html-previews-and-first-data.md).

/** Login-required and non-page paths (docs/product.md#routes-and-layout). */
const CLOSED_PATHS = [
  "/my/",
  "/settings",
  "/admin",
  "/stories/new",
  "/login",
  "/signup",
  "/forgot-password",
  "/graphql",
  "/config.json",
];

export function robotsTxt(publicBaseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...CLOSED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
