import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

const suffix = () => Date.now().toString(36);

/**
 * Selects the first `length` characters of the story's first paragraph, then releases a key as a
 * keyboard user finishing a selection would (the reader reads the selection on key-up).
 */
async function selectStartOfFirstParagraph(page: Page, length: number): Promise<string> {
  const paragraph = page.locator("[data-text-start]").first();
  await expect(paragraph).toBeVisible();
  await paragraph.evaluate((element, count) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode()!;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, count);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  }, length);
  await page.keyboard.press("Shift");
  return page.evaluate(() => window.getSelection()!.toString());
}

test("a reader comments on a passage, which is highlighted and listed; replies, deletes; another reader reports", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Tidewater Letters ${suffix()}`);
  await signUpThroughForm(page, uniqueEmail("annotator"));
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  // Comments start enabled for a signed-in reader.
  await expect(page.getByRole("button", { name: "Disable comments" })).toBeVisible();

  // A passage: select it, Add Comment, and the composer names it by its first 30 characters.
  const selected = await selectStartOfFirstParagraph(page, 40);
  expect(selected).toHaveLength(40);
  await page.getByRole("button", { name: "Add Comment" }).click();
  const sidebar = page.getByRole("dialog", { name: "Comments" });
  await expect(sidebar).toBeVisible();
  const composer = sidebar.getByRole("textbox", { name: "Comment" });
  await expect(composer).toHaveAttribute("placeholder", selected.slice(0, 30));
  await composer.fill("This opening line sets the whole tide moving.");
  await composer.press("Enter");
  const storyComments = sidebar.getByRole("region", { name: "Story Comments" });
  const note = storyComments
    .getByRole("listitem")
    .filter({ hasText: "This opening line sets the whole tide moving." });
  await expect(note).toBeVisible();
  await expect(note.getByText(selected)).toBeVisible();
  await expect(composer).toHaveValue("");

  // A general comment, then a reply to it (Enter submits; Shift+Enter is a new line).
  await composer.fill("Read it twice.");
  await composer.press("Shift+Enter");
  await composer.pressSequentially("Worth it.");
  await expect(composer).toHaveValue("Read it twice.\nWorth it.");
  await composer.press("Enter");
  const discussion = sidebar.getByRole("region", { name: "Discussion" });
  const general = discussion.getByRole("listitem").filter({ hasText: "Read it twice." }).first();
  await expect(general).toBeVisible();
  await general.getByRole("button", { name: "Reply" }).click();
  await expect(composer).toHaveAttribute("placeholder", /^Replying to .+\.\.\.$/);
  await composer.fill("Replying to myself, as one does.");
  await composer.press("Enter");
  const reply = general.getByRole("listitem").filter({ hasText: "Replying to myself" });
  await expect(reply).toBeVisible();

  // Delete own reply.
  await reply.getByRole("button", { name: "Delete" }).click();
  await expect(discussion.getByText("Replying to myself, as one does.")).toHaveCount(0);

  // Closed, the passage stays highlighted in the text.
  await sidebar.getByRole("button", { name: "Close comments" }).click();
  await expect(sidebar).toBeHidden();
  const highlight = page.getByRole("button", { name: `Comment on: ${selected}` });
  await expect(highlight).toBeVisible();
  // Clicking the highlight opens its note.
  await highlight.click();
  await expect(sidebar).toBeVisible();
  await expect(note).toBeVisible();

  // After a reload, everything but the deleted reply is still there.
  await page.reload();
  // Comments start enabled for a signed-in reader.
  await expect(page.getByRole("button", { name: "Disable comments" })).toBeVisible();
  await page.getByRole("button", { name: /^Comments \(\d+\)$/ }).click();
  await expect(sidebar.getByText("This opening line sets the whole tide moving.")).toBeVisible();
  await expect(sidebar.getByText("Replying to myself, as one does.")).toHaveCount(0);

  // Another reader reports the general comment; they cannot delete it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpThroughForm(otherPage, uniqueEmail("reporter"));
  await otherPage.goto(`/stories/${story.publicId}`);
  await expect(otherPage.getByRole("button", { name: "Disable comments" })).toBeVisible();
  await otherPage.getByRole("button", { name: /^Comments \(\d+\)$/ }).click();
  const theirView = otherPage
    .getByRole("dialog", { name: "Comments" })
    .getByRole("region", { name: "Discussion" })
    .getByRole("listitem")
    .filter({ hasText: "Read it twice." })
    .first();
  await expect(theirView).toBeVisible();
  await expect(theirView.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await theirView.getByRole("button", { name: "Report" }).click();
  await expect(otherPage.getByText("Comment reported successfully.")).toBeVisible();
  await other.close();
});

test("on a phone the comments open as a bottom sheet at 80% of the screen that can be dragged", async ({
  browser,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Harbour Bell ${suffix()}`);
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(`/stories/${story.publicId}`);
  await page.getByRole("button", { name: /^Comments \(\d+\)$/ }).click();

  const sheet = page.getByRole("dialog", { name: "Comments" });
  await expect(sheet).toBeVisible();
  // A visitor is asked to log in.
  await expect(sheet.getByText("Please log in to comment.")).toBeVisible();
  const heightOf = async () => (await sheet.boundingBox())!.height;
  expect(Math.abs((await heightOf()) - 740 * 0.8)).toBeLessThan(3);

  const handle = sheet.getByRole("slider", { name: "Resize comments" });
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 150, { steps: 5 });
  await page.mouse.up();
  const dragged = await heightOf();
  expect(dragged).toBeLessThan(740 * 0.8 - 100);
  expect(dragged).toBeGreaterThanOrEqual(740 * 0.3 - 1);
  await phone.close();
});
