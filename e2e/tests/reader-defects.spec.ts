import { signUp } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, submitSignInForm, uniqueEmail } from "./helpers.js";

// Defects a reader found in Chromium (issue 13), each kept fixed by what only a browser shows:
// counts as drawn, layout, stacking, the built CSS, selections and the sign-in round trip.

const suffix = () => Date.now().toString(36);

/** A comment posted through the public API by a reader who is not the one in the browser. */
async function commentAs(
  baseURL: string,
  emulatorHost: string,
  storyId: string,
  inputs: Array<{ content: string; location?: { start: number; end: number } }>,
) {
  const commenter = await signUp(emulatorHost, uniqueEmail("commenter"));
  await graphqlAs(baseURL, commenter, "query { viewer { id } }");
  for (const input of inputs) {
    await graphqlAs(
      baseURL,
      commenter,
      "mutation Add($input: AddCommentInput!) { addComment(input: $input) { id } }",
      { input: { storyId, ...input } },
    );
  }
}

test("the Comments button counts the approved comments already there, for a visitor and a reader", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Counted Shore ${suffix()}`);
  await commentAs(baseURL!, emulatorHost, story.id, [
    { content: "The first wave." },
    { content: "The second wave." },
  ]);

  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("button", { name: "Comments (2)" })).toBeVisible();

  await signUpThroughForm(page, uniqueEmail("counter"));
  // Arriving from a card, as a signed-in reader.
  await page.goto(`/explore?sort=newest`);
  await page.getByRole("link", { name: story.title }).first().click();
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Comments (2)" })).toBeVisible();
});

test("both sticky headers blur what scrolls under them in the built CSS", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Frosted Glass ${suffix()}`);
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  for (const header of [page.getByRole("banner"), page.locator(".reader-header")]) {
    // Chromium ignores -webkit-backdrop-filter: only the standard property draws a blur.
    const filter = await header.evaluate((element) => getComputedStyle(element).backdropFilter);
    expect(filter).toContain("blur(12px)");
  }
});

test("a passage that already has a note takes a second one: dragging inside the highlight opens Add Comment, not the note; the popup slides under the headers", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Second Note ${suffix()}`);
  await signUpThroughForm(page, uniqueEmail("annotator"));
  await page.goto(`/stories/${story.publicId}`);
  const paragraph = page.locator("[data-text-start]").first();
  await expect(paragraph).toBeVisible();
  const start = Number(await paragraph.getAttribute("data-text-start"));
  await commentAs(baseURL!, emulatorHost, story.id, [
    { content: "The opening, noted first.", location: { start, end: start + 60 } },
  ]);

  // Comments load with the sidebar; then the note's passage is highlighted.
  await page.reload();
  await expect(page.getByRole("button", { name: "Disable comments" })).toBeVisible();
  await page.getByRole("button", { name: "Comments (1)" }).click();
  const sidebar = page.getByRole("dialog", { name: "Comments" });
  await expect(sidebar.getByText("The opening, noted first.")).toBeVisible();
  await sidebar.getByRole("button", { name: "Close comments" }).click();
  await expect(sidebar).toBeHidden();
  const highlight = page.locator("mark.story-highlight").first();
  await expect(highlight).toBeVisible();

  // A drag across the first line of the highlighted passage.
  const line = await highlight.evaluate((element) => {
    element.scrollIntoView({ block: "center" });
    const rect = element.getClientRects()[0]!;
    return { x: rect.left, y: rect.top + rect.height / 2, width: rect.width };
  });
  await page.mouse.move(line.x + 4, line.y);
  await page.mouse.down();
  await page.mouse.move(line.x + line.width - 4, line.y, { steps: 8 });
  await page.mouse.up();
  const addComment = page.getByRole("button", { name: "Add Comment" });
  await expect(addComment).toBeVisible();
  await expect(sidebar).toBeHidden();

  // Scrolled up under the sticky headers, the popup is beneath them, not over them.
  const popup = page.getByRole("toolbar", { name: "Selected passage" });
  const box = (await popup.boundingBox())!;
  await page.evaluate((by) => window.scrollBy(0, by), box.y - 20);
  await expect
    .poll(() =>
      popup.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const top = document.elementFromPoint(
          rect.left + rect.width / 2,
          rect.top + rect.height / 2,
        );
        // Beneath the site's header or the reader's sticky bar, whichever is on top there.
        return (
          rect.top < 64 && top !== null && top.closest(".site-header, .reader-header") !== null
        );
      }),
    )
    .toBe(true);
  await page.evaluate((by) => window.scrollBy(0, -by), box.y - 20);

  await addComment.click();
  await expect(sidebar).toBeVisible();
  const composer = sidebar.getByRole("textbox", { name: "Comment" });
  await composer.fill("A second thought on the same lines.");
  await composer.press("Enter");
  await expect(
    sidebar.getByRole("region", { name: "Story Comments" }).getByRole("listitem"),
  ).toHaveCount(2);
});

test("on a 375×812 phone the reader's headers stay one short row, with one-line actions, and the Comments button leaves the text while reading", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Small Screen ${suffix()}`);
  await signUpThroughForm(page, uniqueEmail("phone"));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  const readerHeader = page.locator(".reader-header");
  const headerBottom = await readerHeader.evaluate(
    (element) => element.getBoundingClientRect().bottom,
  );
  expect(headerBottom).toBeLessThanOrEqual(812 / 6);
  const back = (await page.getByRole("button", { name: "Back" }).boundingBox())!;
  for (const name of ["Disable comments", "Share story", "Add bookmark"]) {
    const button = (await page.getByRole("button", { name }).boundingBox())!;
    // On the title's row, and no taller than the back button: one line each.
    expect(Math.abs(button.y - back.y)).toBeLessThan(2);
    expect(button.height).toBeLessThanOrEqual(back.height + 1);
    expect(button.x + button.width).toBeLessThanOrEqual(375);
  }

  const launcher = page.getByRole("button", { name: /^Comments \(\d+\)$/ });
  await expect(launcher).toBeInViewport();
  // Reading on: the button leaves the screen, so no line of text is under it.
  await page.mouse.move(187, 400);
  await page.mouse.wheel(0, 600);
  await expect(launcher).not.toBeInViewport();
  // Scrolling back up brings it back.
  await page.mouse.wheel(0, -200);
  await expect(launcher).toBeInViewport();
});

test("My Stories at 1280 px uses the page's width, centred", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Wide Shelf ${suffix()}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/login");
  await submitSignInForm(page, story.author.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/my/stories");
  const list = page.getByRole("list", { name: "Your stories" });
  await expect(list.getByRole("listitem", { name: story.title })).toBeVisible();
  const box = (await list.boundingBox())!;
  const content = (await page.locator(".site-header__inner").boundingBox())!;
  expect(box.width).toBeGreaterThan(content.width * 0.9);
  expect(Math.abs(box.x - (1280 - box.x - box.width))).toBeLessThan(2);
});

test("a visitor who asks for a story and signs in lands on /stories/new with what they typed", async ({
  page,
  emulatorHost,
}) => {
  const email = uniqueEmail("intent");
  await signUp(emulatorHost, email);
  await page.goto("/");
  const prompt = page.getByRole("form", { name: "Generate a story" });
  await prompt.getByLabel("Outline").fill("A clockmaker who can rewind one minute a day.");
  await prompt.getByRole("button", { name: "Generate Story" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignInForm(page, email);
  await expect(page).toHaveURL(/\/stories\/new$/);
  await expect(page.getByLabel("Outline")).toHaveValue(
    "A clockmaker who can rewind one minute a day.",
  );
});
