import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

const suffix = () => Date.now().toString(36);

test("a visitor sees Fresh Threads and Trending Now, opens a story's outline and reads it", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Lantern Archive ${suffix()}`);

  await page.goto("/");
  const fresh = page.getByRole("region", { name: "Fresh Threads" });
  const trending = page.getByRole("region", { name: "Trending Now" });
  const card = fresh.getByRole("article", { name: story.title });
  await expect(card).toBeVisible();
  await expect(trending.getByRole("article").first()).toBeVisible();
  await expect(card.getByText(/^(just now|\d+m ago)$/)).toBeVisible();

  await card.getByRole("button", { name: /outline/i }).click();
  const outline = page.getByRole("dialog", { name: "Story Outline" });
  await expect(outline).toBeVisible();
  await expect(outline.getByText(/Mara|\w+/).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(outline).toBeHidden();

  await card.getByRole("button", { name: /outline/i }).click();
  await page.getByRole("link", { name: "Read Full Story" }).click();
  await expect(page).toHaveURL(new RegExp(`/stories/${story.publicId}$`));
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  // A visitor gets no reader actions (they need a signed-in user).
  await expect(page.getByRole("button", { name: "Add bookmark" })).toHaveCount(0);
});

test("a reader bookmarks a story (the icon flips before the server answers), finds it in My Bookmarks and removes it", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Salt Orchard ${suffix()}`);
  await signUpThroughForm(page, uniqueEmail("reader"));
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  // Hold the mutation's answer: the optimistic response alone must flip the button.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let bookmarkRequests = 0;
  await page.route("**/graphql", async (route) => {
    // The web app sends a listed operation by its name and id, not its text (decision 051).
    if (route.request().postData()?.includes('"operationName":"BookmarkStory"')) {
      bookmarkRequests += 1;
      await held;
    }
    await route.continue();
  });
  await page.getByRole("button", { name: "Add bookmark" }).click();
  await expect(page.getByRole("button", { name: "Remove bookmark" })).toBeVisible();
  // The request reaches this test's route handler on its own time: wait for it, then let it answer.
  await expect.poll(() => bookmarkRequests).toBe(1);
  release();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Remove bookmark" })).toBeVisible();
  await page.unroute("**/graphql");

  await page.goto("/my/bookmarks");
  const card = page.getByRole("article", { name: story.title });
  await expect(card).toBeVisible();

  await card.getByRole("link", { name: story.title }).click();
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Remove bookmark" }).click();
  await expect(page.getByRole("button", { name: "Add bookmark" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  await page.goto("/my/bookmarks");
  await expect(page.getByRole("heading", { name: "My Bookmarks" })).toBeVisible();
  await expect(page.getByRole("article", { name: story.title })).toHaveCount(0);
});

test("Share story copies the story's link and says so", async ({
  page,
  context,
  baseURL,
  emulatorHost,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const story = await publishStory(baseURL!, emulatorHost, `The Glass Ferry ${suffix()}`);
  await signUpThroughForm(page, uniqueEmail("sharer"));
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  // Desktop Chromium on Linux has no share sheet, so the link goes to the clipboard.
  expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");

  await page.getByRole("button", { name: "Share story" }).click();
  await expect(page.getByText("Story link copied to clipboard!")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^https?://[^/]+/stories/${story.publicId}$`));
});
