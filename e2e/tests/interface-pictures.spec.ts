// Reference pictures of the key screens (issue 29): home and /explore, at a phone's and a desktop's
// width, light. An unstyled control or a broken header changes the picture and fails the build;
// a change made on purpose updates them (`npx playwright test interface-pictures
// --update-snapshots`, then commit the new pictures).
//
// Deterministic: the page's inlined first data is replaced with fixed stories (no cover picture:
// the card draws its seeded fallback), the clock is fixed, the fonts are the app's own files,
// animations are off (toHaveScreenshot's default), and GraphQL is refused so nothing that other
// tests create meanwhile (stories, ads) reaches the page.
import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";

const NOW = new Date("2026-06-01T12:00:00Z");

const STORIES = [
  ["The Lighthouse Keeper's Map", ["sea", "mystery"], "mara_writes"],
  ["Ashes Over Glass City", ["fantasy", "city"], "tomas"],
  ["Nine Winters in Ashmere", ["winter", "family", "quiet"], "quill"],
] as const;

function fixedStory(index: number) {
  const [title, tags, username] = STORIES[index % STORIES.length]!;
  return {
    __typename: "Story",
    id: `Story:fixed${index}`,
    publicId: `fixed${index}`,
    title,
    description: "A keeper, a tide and a map no one drew.",
    preview:
      "The tide went out further than anyone in the village could remember, and on the wet sand lay a map no one had drawn.",
    headerImageUrl: null,
    createdAt: new Date(NOW.getTime() - (index + 2) * 86_400_000).toISOString(),
    tags: [...tags],
    price: null,
    author: { __typename: "Author", id: `Author:${username}`, username },
  };
}

const fixedConnection = () => ({
  __typename: "StoryConnection",
  edges: [0, 1, 2].map((index) => ({
    __typename: "StoryEdge",
    cursor: `cursor${index}`,
    node: fixedStory(index),
  })),
  pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: "cursor2" },
});

/** The bff's inlined answers with every list replaced by the fixed stories. */
function withFixedData(answers: Array<{ data: Record<string, unknown> }>) {
  for (const answer of answers) {
    if ("stories" in answer.data) answer.data.stories = fixedConnection();
    if ("trendingStories" in answer.data) {
      answer.data.trendingStories = [2, 1, 0].map((index) => fixedStory(index));
    }
    if ("categories" in answer.data) answer.data.categories = [];
  }
  return answers;
}

const FIRST_DATA =
  /(<script type="application\/json" id="storyloom-first-data">)([\s\S]*?)(<\/script>)/;

async function openWithFixedData(page: Page, path: string, width: number, height: number) {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize({ width, height });
  await page.route("**/graphql", (route) => route.abort());
  await page.route(
    (url) => url.pathname === new URL(path, "http://x").pathname,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(FIRST_DATA, (_, open, json, close) => {
        const parsed = JSON.parse(json) as { results: Array<{ data: Record<string, unknown> }> };
        return `${open}${JSON.stringify({ results: withFixedData(parsed.results) })}${close}`;
      });
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({ status: response.status(), headers, body: html });
    },
  );
  await page.goto(path);
  await expect(page.getByRole("article", { name: STORIES[0][0] }).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const [screen, path] of [
  ["home", "/"],
  ["explore", "/explore"],
] as const) {
  for (const [device, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1280, 800],
  ] as const) {
    test(`${screen} at a ${device}'s width looks as its reference picture`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
      await openWithFixedData(page, path, width, height);
      if (screen === "home") {
        // A story on the first screen, a phone's too (issue 29 row 12): its card's title in sight.
        const title = page.getByRole("article", { name: STORIES[0][0] }).first().getByRole("link", {
          name: STORIES[0][0],
        });
        const box = await title.boundingBox();
        expect(
          box!.y + box!.height,
          "the first story's title ends on the first screen",
        ).toBeLessThanOrEqual(height);
      }
      await expect(page).toHaveScreenshot(`${screen}-${device}.png`, { maxDiffPixelRatio: 0.01 });
    });
  }
}
