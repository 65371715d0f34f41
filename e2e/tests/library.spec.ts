import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory, type PublishedStory } from "./graphql-helpers.js";
import { signUpThroughForm, submitSignInForm, uniqueEmail } from "./helpers.js";

// The reader's library (docs/product.md#reading-progress): the place reached in one browser is
// where another opens; a revision after reading shows "New since you read" and what changed.

const suffix = () => Date.now().toString(36);

/** A long text: 2 chapters of 20 paragraphs, each longer than a phone's line. */
const paragraphs = (chapter: number) =>
  Array.from(
    { length: 20 },
    (_, index) =>
      `Paragraph ${chapter}.${index + 1}: the keeper climbed the stairs again, counting each step, listening to the sea below and the gulls above, until the lamp room opened onto a sky the colour of slate.`,
  );

async function editText(baseURL: string, story: PublishedStory, opening: string[]) {
  await graphqlAs(
    baseURL,
    story.author,
    "mutation Edit($id: ID!, $input: EditStoryInput!) { editStory(id: $id, input: $input) { id } }",
    {
      id: story.id,
      input: {
        content: {
          chapters: [
            { title: "The Stairs", paragraphs: [...opening, ...paragraphs(1)] },
            { title: "The Lamp", paragraphs: paragraphs(2) },
          ],
        },
      },
    },
  );
}

/** Waits for the reader's place to be saved by the page. */
const progressSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith("/graphql") &&
      (response.request().postData() ?? "").includes("SaveReadingProgress"),
  );

test("the place reached in one browser is offered in another, and a revision shows what changed since", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Lamp Room ${suffix()}`);
  await editText(baseURL!, story, []);
  const email = uniqueEmail("library-reader");
  await signUpThroughForm(page, email);
  await page.goto(`/stories/${story.publicId}`);
  const place = page.getByText("Paragraph 1.15:", { exact: false });
  await expect(place).toBeVisible();
  // The page knows the reader's progress (none yet): it saves their place from now on.
  await expect(page.getByRole("button", { name: "Read later" })).toBeVisible();
  const saved = progressSaved(page);
  await place.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.mouse.wheel(0, 120);
  const answer = await (await saved).json();
  const position = answer.data.saveReadingProgress.position as {
    chapter: number;
    paragraph: number;
  };
  // The paragraph at the top of the screen: at or after the one scrolled to, in chapter 1.
  expect(position.chapter).toBe(0);
  expect(position.paragraph).toBeGreaterThanOrEqual(14);
  const savedText = `Paragraph 1.${position.paragraph + 1}:`;

  // Another browser, the same reader: "Continue where you left off" brings them there.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto("/login");
  await submitSignInForm(other, email);
  await expect(other.getByRole("button", { name: "User menu" })).toBeVisible();
  await other.goto(`/stories/${story.publicId}`);
  const resume = other.getByRole("button", { name: "Continue where you left off" });
  await expect(resume).toBeVisible();
  // The story's own paragraph (the text also shows in what changed, further on).
  const paragraphOf = (page: Page, text: string) =>
    page.locator("p[data-text-start]", { hasText: text });
  const otherPlace = paragraphOf(other, savedText);
  await expect(otherPlace).not.toBeInViewport();
  await resume.click();
  await expect(otherPlace).toBeInViewport();

  // The home page's Continue reading shelf has the story.
  await other.goto("/");
  const shelf = other.getByRole("region", { name: "Continue reading" });
  await expect(shelf.getByRole("link", { name: story.title })).toBeVisible();

  // The owner adds an opening paragraph: the story is new since the reader read it.
  await editText(baseURL!, story, ["A storm had come in the night."]);
  await other.goto(`/stories/${story.publicId}`);
  await expect(other.getByText("New since you read")).toBeVisible();
  await other.getByRole("button", { name: "See what changed" }).click();
  const changes = other.getByRole("region", { name: "What changed since you read" });
  await expect(changes.locator("ins").filter({ hasText: "storm" })).toBeVisible();
  // The place moved with its words: one paragraph later, still offered.
  await other.getByRole("button", { name: "Continue where you left off" }).click();
  await expect(paragraphOf(other, savedText)).toBeInViewport();
  await otherContext.close();
});
