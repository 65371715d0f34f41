import type { Page } from "@playwright/test";
import { signUp } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory } from "./graphql-helpers.js";
import { openComments, submitSignInForm, uniqueEmail } from "./helpers.js";

// Rewrite a passage and revise from readers' notes (docs/product.md#rewrite-a-passage): the owner
// selects a passage, gets alternatives written live, keeps one, and sees it as a version.

const suffix = () => Date.now().toString(36);

async function signInAs(page: Page, email: string) {
  await page.goto("/login");
  await submitSignInForm(page, email);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
}

/** Selects the whole first paragraph of the story's text, as a pointer would; answers its text. */
async function selectFirstParagraph(page: Page): Promise<string> {
  return page.evaluate(() => {
    const paragraph = document.querySelector<HTMLElement>("[data-text-start]")!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return paragraph.textContent ?? "";
  });
}

test("the owner rewrites a selected passage darker, flips between the alternatives, keeps one, and sees it as a version", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Salt Bell ${suffix()}`);
  await signInAs(page, story.author.email);
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Rewrite", exact: true }).click();
  const panel = page.getByRole("region", { name: "Rewrite a passage" });
  const original = await selectFirstParagraph(page);
  await expect(panel.getByText(original, { exact: true })).toBeVisible();
  await panel.getByRole("radio", { name: "Darker" }).check();
  await panel.getByRole("button", { name: "Rewrite", exact: true }).click();

  // Three alternatives arrive live; each differs from the original.
  const tabs = panel.getByRole("tab");
  await expect(tabs).toHaveCount(3, { timeout: 60_000 });
  await expect(panel.getByRole("button", { name: "Keep this one" })).toBeVisible({
    timeout: 60_000,
  });
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  const kept = (await panel.getByRole("tabpanel").textContent()) ?? "";
  expect(kept.trim().length).toBeGreaterThan(0);
  expect(kept).not.toBe(original);
  await panel.getByRole("button", { name: "Keep this one" }).click();
  await expect(page.getByText("Passage rewritten.")).toBeVisible();
  await expect(page.locator("[data-text-start]").first()).toHaveText(kept);

  // The versions list shows the rewrite; the past rewrites keep all three alternatives.
  await page.getByRole("button", { name: "History" }).click();
  const latest = page.getByRole("region", { name: "Versions" }).getByRole("listitem", {
    name: "Version 2",
  });
  await expect(latest).toContainText("Passage rewritten");
  const rewrites = page.getByRole("region", { name: "Past rewrites" });
  await expect(rewrites.getByRole("listitem")).toHaveCount(1);
  await expect(rewrites.getByRole("listitem").first()).toContainText("Darker");
});

/**
 * Selects from the middle of the text's first paragraph to the middle of its second (both in the
 * first chapter), as a pointer dragging across them would; answers the two paragraphs' texts.
 */
async function selectAcrossFirstTwoParagraphs(page: Page): Promise<[string, string]> {
  return page.evaluate(() => {
    const [first, second] = Array.from(document.querySelectorAll<HTMLElement>("[data-text-start]"));
    const textOf = (paragraph: HTMLElement) => {
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      return walker.nextNode() as Text;
    };
    const from = textOf(first!);
    const to = textOf(second!);
    const range = document.createRange();
    range.setStart(from, Math.floor(from.length / 2));
    range.setEnd(to, Math.floor(to.length / 2));
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return [first!.textContent ?? "", second!.textContent ?? ""];
  });
}

test("the owner rewrites a passage selected across two paragraphs as one, kept as paragraphs", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Paper Moon ${suffix()}`);
  await signInAs(page, story.author.email);
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Rewrite", exact: true }).click();
  const panel = page.getByRole("region", { name: "Rewrite a passage" });
  const [first, second] = await selectAcrossFirstTwoParagraphs(page);
  // The selected passage is the end of the first paragraph, a blank line, the second's start.
  const quoted = panel.locator("blockquote");
  await expect(quoted).toContainText(first.slice(Math.floor(first.length / 2)));
  await expect(quoted).toContainText(second.slice(0, Math.floor(second.length / 2)));
  expect(await quoted.textContent()).toContain("\n\n");
  await panel.getByRole("radio", { name: "Longer" }).check();
  await panel.getByRole("button", { name: "Rewrite", exact: true }).click();

  await expect(panel.getByRole("button", { name: "Keep this one" })).toBeVisible({
    timeout: 60_000,
  });
  const kept = ((await panel.getByRole("tabpanel").textContent()) ?? "").trim();
  expect(kept.length).toBeGreaterThan(0);
  await panel.getByRole("button", { name: "Keep this one" }).click();
  await expect(page.getByText("Passage rewritten.")).toBeVisible();
  // The rewrite replaced the passage in its chapter; its paragraphs stay paragraphs.
  await expect
    .poll(async () => (await page.locator("[data-text-start]").allTextContents()).join("\n\n"))
    .toContain(kept);
  const paragraphs = await page.locator("[data-text-start]").allTextContents();
  expect(paragraphs.every((paragraph) => !paragraph.includes("\n\n"))).toBe(true);
  expect(paragraphs[0]).toContain(first.slice(0, Math.floor(first.length / 2)));
});

test("the owner revises from a reader's note, and the note shows it shaped the story", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Tin Harbour ${suffix()}`);
  const reader = await signUp(emulatorHost, uniqueEmail("note-reader"));
  await graphqlAs(baseURL!, reader, "query { viewer { id } }");
  await graphqlAs(
    baseURL!,
    reader,
    "mutation($input: AddCommentInput!) { addComment(input: $input) { id } }",
    {
      input: {
        storyId: story.id,
        content: "Slow this moment down.",
        location: { start: 0, end: 12 },
      },
    },
  );

  await signInAs(page, story.author.email);
  await page.goto(`/stories/${story.publicId}`);
  await page.getByRole("button", { name: "Rewrite", exact: true }).click();
  const panel = page.getByRole("region", { name: "Rewrite a passage" });
  await panel.getByRole("checkbox", { name: /Slow this moment down\./ }).check();
  await panel.getByRole("button", { name: "Revise from notes" }).click();
  await expect(panel.getByRole("tab")).toHaveCount(3, { timeout: 60_000 });
  await panel.getByRole("button", { name: "Keep this one" }).click({ timeout: 60_000 });
  await expect(page.getByText("Passage rewritten.")).toBeVisible();

  // The note's author sees that it shaped the story.
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await signInAs(readerPage, reader.email);
  await readerPage.goto(`/stories/${story.publicId}`);
  // Pressed again if the page's hand-over from its first view swallowed the press.
  const sidebar = await openComments(readerPage);
  const note = sidebar.getByRole("listitem").filter({ hasText: "Slow this moment down." });
  await expect(note.getByText("Shaped the story")).toBeVisible();
  await readerContext.close();
});
