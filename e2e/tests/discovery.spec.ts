import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";

// Discovery (docs/product.md#explore): search, explore's filters shared by URL, tag pages.

const suffix = () => Date.now().toString(36);

test("a visitor searches from the header, sees the match marked and reads the story", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const word = `quillon${suffix()}`;
  const story = await publishStory(baseURL!, emulatorHost, `The ${word} Archive`);

  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search stories" }).fill(word);
  await page.getByRole("searchbox", { name: "Search stories" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/explore\\?sort=newest&q=${word}$`));
  const results = page.getByRole("list", { name: "Search results" });
  const card = results.getByRole("article", { name: story.title });
  await expect(card).toBeVisible();
  await expect(results.getByRole("article")).toHaveCount(1);
  await expect(card.locator("mark").first()).toHaveText(word);

  await card.getByRole("link", { name: story.title }).click();
  await expect(page).toHaveURL(new RegExp(`/stories/${story.publicId}$`));
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  await page.goto(`/explore?q=nothingmatches${suffix()}`);
  await expect(page.getByText("No stories found for your search.")).toBeVisible();
});

test("explore's filters live in the URL: the same view opens in a fresh browser, and a card's tag leads to its page", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const shared = `tide${suffix()}`;
  const unwanted = `storm${suffix()}`;
  const kept = await publishStory(baseURL!, emulatorHost, `Calm Harbour ${suffix()}`, undefined, [
    shared,
  ]);
  const dropped = await publishStory(
    baseURL!,
    emulatorHost,
    `Rough Harbour ${suffix()}`,
    undefined,
    [shared, unwanted],
  );

  await page.goto("/explore");
  const filters = page.getByRole("search", { name: "Search and filter stories" });
  await filters.getByLabel("With tags").fill(shared);
  await filters.getByLabel("Without tags").fill(unwanted);
  await filters.getByLabel("Length").selectOption("SHORT");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/tags=.*&exclude=.*&length=short/);
  const list = page.getByRole("list", { name: "Newest stories" });
  await expect(list.getByRole("article", { name: kept.title })).toBeVisible();
  await expect(list.getByRole("article")).toHaveCount(1);

  // The URL is the view: a new browser with nothing in common opens the same results.
  const url = page.url();
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(url);
    const otherList = other.getByRole("list", { name: "Newest stories" });
    await expect(otherList.getByRole("article", { name: kept.title })).toBeVisible();
    await expect(otherList.getByRole("article")).toHaveCount(1);
    // The tags the URL names are the form's chips.
    await expect(
      other
        .getByRole("search", { name: "Search and filter stories" })
        .getByRole("button", { name: `Remove ${unwanted}` }),
    ).toBeVisible();
  } finally {
    await fresh.close();
  }

  // The card's tag opens the tag's page, with both stories that carry it. It is a target of 24 px
  // at least (WCAG 2.5.8), however short the tag.
  const tagLink = list
    .getByRole("article", { name: kept.title })
    .getByRole("link", { name: `#${shared}` });
  const target = await tagLink.boundingBox();
  expect(target?.height).toBeGreaterThanOrEqual(24);
  expect(target?.width).toBeGreaterThanOrEqual(24);
  await tagLink.click();
  await expect(page).toHaveURL(new RegExp(`/tags/${shared}$`));
  await expect(page.getByRole("heading", { name: `#${shared}`, level: 1 })).toBeVisible();
  const tagged = page.getByRole("list", { name: `Stories tagged ${shared}` });
  await expect(tagged.getByRole("article", { name: dropped.title })).toBeVisible();
  await expect(tagged.getByRole("article")).toHaveCount(2);
});
