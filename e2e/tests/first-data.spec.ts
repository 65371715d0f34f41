import type { Page, Request } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

// The first data of / and of a story page comes with the HTML: the browser draws it without asking
// the server (docs/decisions/020-page-html-previews-and-first-data.md).

const suffix = () => Date.now().toString(36);

/** The GraphQL operations the page sends, by name, as they leave the browser. */
function graphqlOperations(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request: Request) => {
    if (!request.url().endsWith("/graphql") || request.method() !== "POST") return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    names.push(body?.operationName ?? "anonymous");
  });
  return names;
}

test("a visitor's home page draws its feeds from the HTML, with no FreshThreads or TrendingNow request", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Inlined Harbour ${suffix()}`);
  const operations = graphqlOperations(page);

  const response = await page.goto("/");
  const html = await response!.text();
  expect(html).toContain('<script type="application/json" id="storyloom-first-data">');
  expect(html).toContain(story.title);

  const fresh = page.getByRole("region", { name: "Fresh Threads" });
  await expect(fresh.getByRole("article", { name: story.title })).toBeVisible();
  expect(operations).not.toContain("FreshThreads");
  await expect(
    page.getByRole("region", { name: "Trending Now" }).getByRole("article").first(),
  ).toBeVisible();
  // Once everything the page asks for has come, it still never asked for what came with it.
  await page.waitForLoadState("networkidle");
  expect(operations).not.toContain("FreshThreads");
  expect(operations).not.toContain("TrendingNow");
});

test("a visitor's story page draws the story from the HTML, without a StoryReader request", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Inlined Lighthouse ${suffix()}`);
  const operations = graphqlOperations(page);
  const response = await page.goto(`/stories/${story.publicId}`);
  const html = await response!.text();
  expect(html).toContain(`<meta property="og:title" content="${story.title}" />`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${story.title} · Storyloom`);
  await page.waitForLoadState("networkidle");
  expect(operations).not.toContain("StoryReader");
});

test("a signed-in reader who bookmarked a story sees it bookmarked after a full load, though the HTML carries a visitor's view", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Bookmarked Tide ${suffix()}`);
  await signUpThroughForm(page, uniqueEmail("first-data"));
  await page.goto(`/stories/${story.publicId}`);
  await page.getByRole("button", { name: "Add bookmark" }).click();
  await expect(page.getByRole("button", { name: "Remove bookmark" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const operations = graphqlOperations(page);
  const response = await page.reload();
  // The HTML's first data is the visitor's: not bookmarked.
  const html = await response!.text();
  expect(html).toContain('"viewerHasBookmarked":false');
  // Once sign-in resolves, the reader's own answer replaces it.
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove bookmark" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Remove bookmark" })).toBeVisible();
  expect(operations).toContain("StoryReader");
});
