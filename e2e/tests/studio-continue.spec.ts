import type { Page } from "@playwright/test";
import { signUp } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory } from "./graphql-helpers.js";
import { submitSignInForm, uniqueEmail } from "./helpers.js";

// Continue the story (docs/product.md#continue-the-story): the owner asks for a next chapter with a
// line of direction, watches it written live, publishes it; a follower sees "New chapter".

const suffix = () => Date.now().toString(36);

async function signInAs(page: Page, email: string) {
  await page.goto("/login");
  await submitSignInForm(page, email);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
}

test("the owner continues a story with a direction, watches the chapter written, publishes it; a follower sees the new chapter", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  // A tag of its own: its page lists this story alone, as every reader is shown it.
  const tag = `glass${suffix()}`;
  const story = await publishStory(
    baseURL!,
    emulatorHost,
    `The Glass Tide ${suffix()}`,
    undefined,
    [tag],
  );
  const { story: read } = await graphqlAs<{
    story: { author: { id: string }; content: { chapters: unknown[] } };
  }>(
    baseURL!,
    story.author,
    "query ($publicId: ID!) { story(publicId: $publicId) { author { id } content { chapters { title } } } }",
    { publicId: story.publicId },
  );
  const chapterTitle = `Chapter ${read.content.chapters.length + 1}`;
  const follower = await signUp(emulatorHost, uniqueEmail("follower"));
  await graphqlAs(baseURL!, follower, "query { viewer { id } }");
  await graphqlAs(
    baseURL!,
    follower,
    "mutation ($authorId: ID!) { subscribeToAuthor(authorId: $authorId) { id } }",
    { authorId: read.author.id },
  );

  // The panel listens on the live channel as soon as it opens; its first update says it is open.
  // Watched from before sign-in: the page's one socket may already be open (the inbox's bell
  // subscribes on it) by the time the panel is, and a socket opened earlier is never reported.
  const listening = new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => {
        if (String(frame.payload).includes('"storyGeneration"')) resolve();
      }),
    ),
  );
  await signInAs(page, story.author.email);
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Continue the story" }).click();
  const panel = page.getByRole("region", { name: "Continue the story" });
  await panel
    .getByRole("textbox", { name: "Direction (optional)" })
    .fill("The tide turns to glass at dawn.");
  // Records whether the chapter ever showed text while still being written (however fast it is).
  await page.evaluate(() => {
    const seen = window as unknown as { sawChapterGrowing?: boolean };
    new MutationObserver(() => {
      const draft = document.querySelector('article[aria-label="Next chapter"][aria-busy="true"]');
      if (draft?.querySelector("h4")?.textContent && draft.querySelector("p")?.textContent) {
        seen.sawChapterGrowing = true;
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await listening;
  await panel.getByRole("button", { name: "Write the next chapter" }).click();

  // The chapter is written live into the page: its title and first words while still writing.
  await expect(panel.getByRole("status")).toHaveText(/Writing the next chapter\.\.\.|written/);
  const chapter = panel.getByRole("article", { name: "Next chapter" });
  await expect(chapter.getByRole("heading", { name: chapterTitle })).toBeVisible({
    timeout: 60_000,
  });

  // Reviewed, then published as the story's last chapter.
  const publish = panel.getByRole("button", { name: "Publish chapter" });
  await expect(publish).toBeVisible({ timeout: 60_000 });
  await expect(chapter).toHaveAttribute("aria-busy", "false");
  expect(
    await page.evaluate(() => (window as { sawChapterGrowing?: boolean }).sawChapterGrowing),
  ).toBe(true);
  const lastParagraph = (await chapter.locator("p").last().textContent()) ?? "";
  expect(lastParagraph.length).toBeGreaterThan(0);
  await publish.click();
  await expect(page.getByText("Chapter published.")).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page.locator("[data-text-start]").last()).toHaveText(lastParagraph);

  // A reader who follows the writer sees the new chapter on the story page.
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await signInAs(readerPage, follower.email);
  await readerPage.goto(`/stories/${story.publicId}`);
  // A busy machine (the whole stack and two browsers on two cores) may take a while to answer.
  await expect(readerPage.getByRole("heading", { name: story.title, level: 1 })).toBeVisible({
    timeout: 60_000,
  });
  await expect(readerPage.getByText("New chapter", { exact: true })).toBeVisible();
  await expect(readerPage.getByText(lastParagraph, { exact: true })).toBeVisible();

  // And on the story's card, in a list every reader shares (docs/product.md#story-cards).
  await readerPage.goto(`/tags/${tag}`);
  const followerCard = readerPage.getByRole("article", { name: story.title });
  await expect(followerCard.getByText("New chapter", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await readerContext.close();

  // A visitor's card of the same list has no badge: the shared answer holds nobody's state.
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`/tags/${tag}`);
  const visitorCard = visitorPage.getByRole("article", { name: story.title });
  await expect(visitorCard).toBeVisible({ timeout: 30_000 });
  await expect(visitorCard.getByText("New chapter", { exact: true })).toHaveCount(0);
  await visitorContext.close();
});
