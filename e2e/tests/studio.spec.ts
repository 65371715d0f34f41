import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, submitSignInForm, uniqueEmail } from "./helpers.js";

// The writer's studio (docs/product.md#the-writers-studio): the owner edits a story in place,
// reads its versions with their word diff and restores one; readers see that it was revised.

const suffix = () => Date.now().toString(36);

async function signInAs(page: Page, email: string) {
  await page.goto("/login");
  await submitSignInForm(page, email);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
}

test("the owner edits the title and a chapter in place, sees the version's diff, and restores the first", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Glass Orchard ${suffix()}`);
  await signInAs(page, story.author.email);
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  // Edit story: the editor takes the text's place; the keyboard writes a new opening paragraph.
  await page.getByRole("button", { name: "Edit story" }).click();
  const editor = page.getByRole("form", { name: "Edit story" });
  await editor.getByLabel("Title", { exact: true }).fill(`${story.title} Revised`);
  const text = editor.getByRole("textbox", { name: "Chapter 1 text" });
  await text.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("A storm came first.");
  await page.keyboard.press("Enter");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await expect(
    page.getByRole("heading", { name: `${story.title} Revised`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByText("A storm came first.", { exact: true })).toBeVisible();

  // History: version 2 (Edited) is current; its changes show the new words as added.
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("region", { name: "Versions" });
  const latest = history.getByRole("listitem", { name: "Version 2" });
  await expect(latest).toContainText("Edited");
  await expect(latest).toContainText("Current");
  await latest.getByRole("button", { name: "Show changes" }).click();
  const diff = latest.getByRole("region", { name: "Changes in version 2" });
  await expect(diff.locator("ins").filter({ hasText: "storm" })).toBeVisible();
  await expect(diff.locator("ins").filter({ hasText: "Revised" })).toBeVisible();

  // Restore version 1: the title and text come back, as version 3.
  await history
    .getByRole("listitem", { name: "Version 1" })
    .getByRole("button", { name: "Restore this version" })
    .click();
  await expect(page.getByText("Version 1 restored.")).toBeVisible();
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  await expect(page.getByText("A storm came first.", { exact: true })).toHaveCount(0);
  const restored = history.getByRole("listitem", { name: "Version 3" });
  await expect(restored).toContainText("Restored (version 1)");

  // A reader sees that the story was revised, and no studio.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signUpThroughForm(reader, uniqueEmail("revised-reader"));
  await reader.goto(`/stories/${story.publicId}`);
  await expect(reader.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  await expect(reader.getByText(/^Revised /)).toBeVisible();
  await expect(reader.getByRole("button", { name: "Edit story" })).toHaveCount(0);
  await expect(reader.getByRole("button", { name: "History" })).toHaveCount(0);
  await readerContext.close();
});

test("on a phone, the editor fits the screen; a blank title is refused with the product's words and nothing is saved", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Quiet Mill ${suffix()}`);
  await signInAs(page, story.author.email);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/stories/${story.publicId}`);
  await page.getByRole("button", { name: "Edit story" }).click();
  const editor = page.getByRole("form", { name: "Edit story" });
  await expect(editor.getByRole("textbox", { name: "Chapter 1 text" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await editor.getByLabel("Title", { exact: true }).fill("   ");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByText("Title is required.")).toBeVisible();
  await editor.getByRole("button", { name: "Cancel" }).click();

  const { story: after } = await graphqlAs<{ story: { title: string; versions: unknown[] } }>(
    baseURL!,
    story.author,
    "query($p: ID!) { story(publicId: $p) { title versions { number } } }",
    { p: story.publicId },
  );
  // Only the writer's text, version 1: the refused save made none.
  expect(after).toEqual({ title: story.title, versions: [{ number: 1 }] });
});
