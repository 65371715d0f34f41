import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

async function startStory(page: Page, title: string, length?: string) {
  await page.goto("/stories/new");
  await page.getByLabel("Title").fill(title);
  await page
    .getByLabel("Outline")
    .fill("Mara, a young cartographer, maps a drowned city to find her missing brother Tomas.");
  await page.getByLabel("Tags").fill("fantasy, adventure");
  await page.getByLabel("Theme keywords").fill("tides, lanterns");
  if (length) await page.getByLabel("Length").selectOption({ label: length });
  await page.getByRole("button", { name: "Generate Story" }).click();
  await expect(page).toHaveURL(/\/stories\/[A-Za-z0-9_-]+$/);
}

test("sign up, generate, watch it being written, confirm, publish; a visitor reads it", async ({
  page,
  browser,
}) => {
  await signUpThroughForm(page, uniqueEmail("writer"));
  const title = `The Drowned Atlas ${Date.now().toString(36)}`;
  // A medium story (~1,500 words) is written over several seconds: on a busy machine a short one
  // could be finished before the page had subscribed, leaving nothing to watch.
  await startStory(page, title, "Medium (~1500 words)");

  // Progress is shown while the writer works, and it rises. Every value the page draws is recorded
  // as it is drawn: polling for it missed the short run of a story written on a busy machine.
  await expect(page.getByRole("heading", { name: "Generating Story..." })).toBeVisible();
  await page.evaluate(() => {
    const drawn: number[] = [];
    const seen = window as unknown as { progressDrawn: number[]; draftDrawn: boolean };
    seen.progressDrawn = drawn;
    seen.draftDrawn = false;
    const record = () => {
      const match = /Progress: (\d+)%/.exec(document.body.textContent ?? "");
      if (match && Number(match[1]) !== drawn.at(-1)) drawn.push(Number(match[1]));
      // The text as it is written, under its chapter's title.
      if (document.querySelector('[aria-label="The story so far"] h2 + p')) seen.draftDrawn = true;
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await expect(page.getByRole("heading", { name: "Generation Complete!" })).toBeVisible({
    timeout: 60_000,
  });
  const drawn = await page.evaluate(
    () => (window as unknown as { progressDrawn: number[] }).progressDrawn,
  );
  expect(Math.max(...drawn)).toBeGreaterThan(0);
  expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
  expect(await page.evaluate(() => (window as unknown as { draftDrawn: boolean }).draftDrawn)).toBe(
    true,
  );
  // No connection chatter while it worked.
  await expect(page.getByText("Connected. Waiting for updates...")).toHaveCount(0);

  // The review card; the preview (title and chapter count) shows only when asked for.
  await expect(page.getByRole("definition").filter({ hasText: /^\d[\d,]* min$/ })).toBeVisible();
  const chapters = page.locator(".reader-banner__preview").getByText("Chapters", { exact: true });
  await expect(chapters).toBeHidden();
  await page.getByRole("button", { name: "Show Preview" }).click();
  await expect(chapters).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide Preview" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm Story" }).click();
  // A completed story's author tools are in the reader bar's Manage sheet.
  await page.getByRole("button", { name: "Manage" }).click();
  await expect(page.getByRole("button", { name: "Make Public" })).toBeVisible();
  // The owner sees the private story's pictures (an author sees their own: decision 030).
  const cover = page.getByRole("img", { name: /^Cover art for/ });
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Pressed from the keyboard, the focus stays on the button.
  await page.getByRole("button", { name: "Make Public" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Story is now public.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Make Private" })).toBeFocused();
  const storyUrl = page.url();

  // A visitor in a fresh context reads the story: chapters and their paragraphs.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(storyUrl);
  await expect(visitorPage.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(visitorPage.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expect(visitorPage.getByText(/Mara/).first()).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: "Make Private" })).toHaveCount(0);
  const visitorCover = visitorPage.getByRole("img", { name: /^Cover art for/ });
  await expect
    .poll(() => visitorCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await visitor.close();

  // My Stories lists it as completed.
  await page.goto("/my/stories");
  const item = page.getByRole("listitem", { name: title });
  await expect(item.getByText("Completed")).toBeVisible();
});

test("a private story is Story Not Found for another user", async ({ page, browser }) => {
  await signUpThroughForm(page, uniqueEmail("private"));
  await startStory(page, "A Private Matter");
  await expect(page.getByRole("heading", { name: "Generation Complete!" })).toBeVisible({
    timeout: 60_000,
  });
  const storyUrl = page.url();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpThroughForm(otherPage, uniqueEmail("stranger"));
  await otherPage.goto(storyUrl);
  await expect(otherPage.getByRole("heading", { name: "Story Not Found" })).toBeVisible();
  await expect(
    otherPage.getByText(
      "The requested story could not be found, is unavailable, or you might not have access.",
    ),
  ).toBeVisible();
  await other.close();
});

test("discard a story under review, then regenerate it", async ({ page }) => {
  await signUpThroughForm(page, uniqueEmail("discarder"));
  await startStory(page, "Second Thoughts");
  await expect(page.getByRole("heading", { name: "Generation Complete!" })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole("button", { name: "Discard Story" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Discard Story" }).click();
  await expect(page.getByRole("heading", { name: "Story Discarded" })).toBeVisible();
  await expect(page.getByText("This story generation was cancelled or discarded.")).toBeVisible();

  await page.getByRole("button", { name: "Regenerate Story" }).click();
  await expect(page.getByRole("heading", { name: "Generation Complete!" })).toBeVisible({
    timeout: 60_000,
  });
});
