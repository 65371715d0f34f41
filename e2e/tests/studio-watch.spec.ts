import type { Page } from "@playwright/test";
import { signUp, type EmulatorSession } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { graphqlAs } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

// Watch-live links (docs/product.md#watch-live-links, docs/decisions/069-watch-live-links.md): the
// owner shares a link while the story is written; anyone, signed out, watches the text arrive, then
// learns what became of the story.

const OUTLINE =
  "Mara, a young cartographer, maps a drowned city to find her missing brother Tomas.";
const REVIEWING = "The story is written. Its author has not published it yet.";
const PRIVATE = "The owner keeps this story private.";
const NOT_WORKING = "This watch-live link does not work any more.";

const suffix = () => Date.now().toString(36);

interface WatchRecord {
  progress: number[];
  draftDrawn: boolean;
  /** Every text drawn on the watch page outside the story's text, one entry per element. */
  around: string[];
}

/**
 * Records what the watch page draws, from the moment it loads, as it is drawn: a fast writer can be
 * done between two polls, and the page must not have shown anything but the title, the progress and
 * the text while it worked.
 */
async function recordWatchPage(page: Page) {
  await page.addInitScript(() => {
    const seen: WatchRecord = { progress: [], draftDrawn: false, around: [] };
    (window as unknown as { watched: WatchRecord }).watched = seen;
    const record = () => {
      const section = document.querySelector('section[aria-labelledby="watch-title"]');
      if (!section) return;
      const bar = section.querySelector('[role="progressbar"]');
      const value = bar ? Number(bar.getAttribute("aria-valuenow")) : null;
      if (value !== null && value !== seen.progress.at(-1)) seen.progress.push(value);
      const draft = section.querySelector('[aria-label="The story so far"]');
      if (draft?.querySelector("h2 + p")) seen.draftDrawn = true;
      for (const child of Array.from(section.children)) {
        if (child === draft) continue;
        const text = (child.textContent ?? "").trim();
        if (text && !seen.around.includes(text)) seen.around.push(text);
      }
    };
    document.addEventListener("DOMContentLoaded", () => {
      record();
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ["aria-valuenow"],
      });
    });
  });
}

test("a signed-out visitor watches a story written through its owner's link, then reads it once public", async ({
  page,
  browser,
}) => {
  await signUpThroughForm(page, uniqueEmail("watched"));
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  // The visitor's browser is ready before the story starts, its scripts already loaded once, so
  // the watching begins at once: on a busy machine a cold first load took longer than a medium
  // story's writing, and the page then rightly showed only the finished state.
  const visitor = await browser.newContext();
  const watcher = await visitor.newPage();
  await recordWatchPage(watcher);
  await watcher.goto("/");

  const title = `The Lantern Tides ${suffix()}`;
  await page.goto("/stories/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Outline").fill(OUTLINE);
  await page.getByLabel("Tags").fill("fantasy, adventure");
  await page.getByLabel("Theme keywords").fill("tides, lanterns");
  // A long story is written over some 20 seconds: there is time to share and watch.
  await page.getByLabel("Length").selectOption({ label: "Long (~3000 words)" });
  await page.getByRole("button", { name: "Generate Story" }).click();
  // The form's own address, /stories/new, is left for the story's.
  await expect(page).toHaveURL(/\/stories\/(?!new$)[A-Za-z0-9_-]+$/);
  const storyPath = new URL(page.url()).pathname;

  await page.getByRole("button", { name: "Share watch-live link" }).click();
  const shared = page.getByRole("status").filter({
    hasText: "Link copied. Anyone with it can watch the story being written:",
  });
  const link = (await shared.locator("code").textContent()) ?? "";
  expect(link).toMatch(/\/watch\/[A-Za-z0-9_-]{32}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await watcher.goto(link);
  await expect(watcher.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  // Once writing is over the page says so, and no longer shows the text or the progress.
  await expect(watcher.getByText(REVIEWING)).toBeVisible({ timeout: 60_000 });
  await expect(watcher.getByRole("article", { name: "The story so far" })).toHaveCount(0);
  await expect(watcher.getByRole("progressbar")).toHaveCount(0);

  const seen = await watcher.evaluate(
    () => (window as unknown as { watched: WatchRecord }).watched,
  );
  expect(seen.draftDrawn).toBe(true);
  expect(Math.max(...seen.progress)).toBeGreaterThan(0);
  expect(seen.progress).toEqual([...seen.progress].sort((a, b) => a - b));
  // Only the title and where the writing is: no outline, tags, theme keywords or messages.
  expect(seen.around.filter((text) => text !== title && text !== REVIEWING)).toEqual([
    "Being written live",
  ]);

  // The owner confirms and publishes; the watcher is offered the story without reloading.
  await expect(page.getByRole("heading", { name: "Generation Complete!" })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole("button", { name: "Confirm Story" }).click();
  await page.getByRole("button", { name: "Manage" }).click();
  await page.getByRole("button", { name: "Make Public" }).click();
  await expect(page.getByText("Story is now public.")).toBeVisible();

  const readIt = watcher.getByRole("link", { name: "Read the story" });
  await expect(readIt).toHaveAttribute("href", storyPath);
  await readIt.click();
  await expect(watcher).toHaveURL(new RegExp(`${storyPath}$`));
  await expect(watcher.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(watcher.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await visitor.close();
});

/** `owner` writes a short story through the API; it is under review when this returns. */
async function writtenStory(baseURL: string, owner: EmulatorSession, title: string) {
  const { startStoryGeneration: story } = await graphqlAs<{
    startStoryGeneration: { id: string; publicId: string };
  }>(
    baseURL,
    owner,
    `mutation ($input: StartStoryGenerationInput!) {
      startStoryGeneration(input: $input) { id publicId }
    }`,
    { input: { title, outline: OUTLINE, tags: ["fantasy"], themeKeywords: ["tides"] } },
  );
  await expect
    .poll(
      async () =>
        (
          await graphqlAs<{ story: { status: string } | null }>(
            baseURL,
            owner,
            "query ($publicId: ID!) { story(publicId: $publicId) { status } }",
            { publicId: story.publicId },
          )
        ).story?.status,
      { timeout: 60_000, intervals: [250] },
    )
    .toBe("READY_FOR_REVIEW");
  return story;
}

async function shareLink(baseURL: string, owner: EmulatorSession, id: string) {
  const { shareWatchLink } = await graphqlAs<{ shareWatchLink: { path: string } }>(
    baseURL,
    owner,
    "mutation ($id: ID!) { shareWatchLink(id: $id) { path } }",
    { id },
  );
  return shareWatchLink.path;
}

test("a link the owner turns off, or never made, stops working; a discarded story stays private", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const owner = await signUp(emulatorHost, uniqueEmail("watch-owner"));
  await graphqlAs(baseURL!, owner, "query { viewer { id } }");
  const title = `The Quiet Harbour ${suffix()}`;
  const story = await writtenStory(baseURL!, owner, title);
  const path = await shareLink(baseURL!, owner, story.id);
  // Asking again gives the same link.
  expect(await shareLink(baseURL!, owner, story.id)).toBe(path);

  await page.goto(path);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(REVIEWING)).toBeVisible();

  // Turned off, the open page says so at once, and so does the link opened again.
  await graphqlAs(baseURL!, owner, "mutation ($id: ID!) { revokeWatchLink(id: $id) }", {
    id: story.id,
  });
  await expect(page.getByRole("alert").filter({ hasText: NOT_WORKING })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: NOT_WORKING })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  // A link that never existed, well formed or not, says the same.
  await page.goto(`/watch/${"A".repeat(32)}`);
  await expect(page.getByRole("alert").filter({ hasText: NOT_WORKING })).toBeVisible();
  await page.goto("/watch/not-a-link");
  await expect(page.getByRole("alert").filter({ hasText: NOT_WORKING })).toBeVisible();

  // A new link is a new address; when the owner discards the story, its watchers are told.
  const again = await shareLink(baseURL!, owner, story.id);
  expect(again).not.toBe(path);
  await page.goto(again);
  await expect(page.getByText(REVIEWING)).toBeVisible();
  await graphqlAs(baseURL!, owner, "mutation ($id: ID!) { discardStory(id: $id) { status } }", {
    id: story.id,
  });
  await expect(page.getByText(PRIVATE)).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the story" })).toHaveCount(0);
});
