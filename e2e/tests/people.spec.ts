import type { Page } from "@playwright/test";
import { signInWithPassword, signUp } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory, publishStoryAs } from "./graphql-helpers.js";
import {
  openComments,
  PASSWORD,
  signUpThroughForm,
  submitSignInForm,
  uniqueEmail,
} from "./helpers.js";

// Author profiles, subscriptions, Settings and account deletion, as a reader would use them
// (docs/product.md#author-profiles-and-subscriptions, #settings).

const suffix = () => Date.now().toString(36);

const usernameOf = async (baseURL: string, session: Parameters<typeof graphqlAs>[1]) =>
  (await graphqlAs<{ viewer: { username: string } }>(baseURL, session, "{ viewer { username } }"))
    .viewer.username;

/** Signs in through the form as an existing e-mail/password user; ends on /. */
async function signInThroughForm(page: Page, email: string) {
  await page.goto("/login");
  await submitSignInForm(page, email);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
}

test("a reader follows an author from their profile; the author's new story appears in My Subscriptions and on the home page", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const first = await publishStory(baseURL!, emulatorHost, `The Glass Ferry ${suffix()}`);
  const author = first.author;
  const username = await usernameOf(baseURL!, author);
  await signUpThroughForm(page, uniqueEmail("follower"));

  await page.goto(`/profile/${username}`);
  await expect(page.getByRole("heading", { level: 1, name: username })).toBeVisible();
  await expect(page.getByText("1 story")).toBeVisible();
  await expect(page.getByRole("article", { name: first.title })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByText("1 subscriber", { exact: true })).toBeVisible();

  const second = await publishStoryAs(baseURL!, author, `The Copper Tide ${suffix()}`);
  await page.goto("/my/subscriptions");
  const writers = page.getByRole("list", { name: "Writers you follow", exact: true });
  await expect(writers.getByRole("link", { name: new RegExp(username) })).toBeVisible();
  const feed = page.getByRole("list", { name: "Newest stories of the writers you follow" });
  // Newest first: the story published after subscribing leads.
  await expect(feed.getByRole("article").first()).toHaveAccessibleName(second.title);
  await expect(feed.getByRole("article", { name: first.title })).toBeVisible();

  await page.goto("/");
  const followed = page.getByRole("region", { name: "From writers you follow" });
  await expect(followed.getByRole("article", { name: second.title })).toBeVisible();

  // Unsubscribing empties the list again.
  await page.goto(`/profile/${username}`);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
  await page.goto("/my/subscriptions");
  await expect(page.getByText("You do not follow any writers yet.")).toBeVisible();
});

test("an author renames themselves in Settings; the new name shows on their cards and comments", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Paper Moon ${suffix()}`);
  await graphqlAs(
    baseURL!,
    story.author,
    `mutation Add($input: AddCommentInput!) { addComment(input: $input) { id } }`,
    { input: { storyId: story.id, content: "Thank you all for reading." } },
  );
  await signInThroughForm(page, story.author.email);

  const newName = `renamed_${suffix()}`;
  await page.goto("/settings");
  const username = page.getByLabel(/^Username/);
  await username.fill(newName);
  await page.getByLabel("Display name").fill("Moon Writer");
  await page.getByLabel("Bio").fill("Writes <b>by moonlight</b>.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText("Profile saved.");

  // Found by its title: other workers' stories published meanwhile may push it off a first page.
  await page.goto(`/explore?q=${encodeURIComponent(story.title)}`);
  const card = page.getByRole("article", { name: story.title });
  await expect(card.getByRole("link", { name: newName })).toHaveAttribute(
    "href",
    `/profile/${newName}`,
  );
  await page.goto(`/stories/${story.publicId}`);
  // The header's own actions show once the author's identity is known. Once, under load, a press
  // of Comments made before that opened nothing; it has not been reproduced since.
  await expect(page.getByRole("button", { name: "Disable comments" })).toBeVisible();
  const authorLink = page
    .getByRole("dialog", { name: "Comments" })
    .getByRole("listitem")
    .filter({ hasText: "Thank you all for reading." })
    .getByRole("link", { name: newName });
  // Opened again if it closed: in one full run under load the discussion, seen open, was gone a
  // moment later (the page snapshot showed the reader without it); not reproduced since. This test
  // is about the name on the comment; the discussion opening is first-render.spec.ts's.
  await expect(async () => {
    await openComments(page);
    await expect(authorLink).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });

  await authorLink.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${newName}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Moon Writer" })).toBeVisible();
  // The bio is text, never markup.
  await expect(page.getByText("Writes <b>by moonlight</b>.")).toBeVisible();
});

test("deleting one's account signs out, removes the sign-in account, the stories and the bookmarks, and keeps comments as Anonymous", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const others = await publishStory(baseURL!, emulatorHost, `The Iron Lantern ${suffix()}`);
  const email = uniqueEmail("leaving");
  const leaving = await signUp(emulatorHost, email);
  await graphqlAs(baseURL!, leaving, "{ viewer { id } }");
  const own = await publishStoryAs(baseURL!, leaving, `The Last Letter ${suffix()}`);
  await graphqlAs(baseURL!, leaving, `mutation B($id: ID!) { bookmarkStory(id: $id) { id } }`, {
    id: others.id,
  });
  await graphqlAs(
    baseURL!,
    leaving,
    `mutation Add($input: AddCommentInput!) { addComment(input: $input) { id } }`,
    { input: { storyId: others.id, content: "A parting word." } },
  );
  await signInThroughForm(page, email);

  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("Your stories (public and private)");
  await expect(dialog).toContainText("your bookmarks");
  await expect(dialog).toContainText(
    "Your comments on other writers' stories stay, shown as Anonymous.",
  );
  await dialog.getByRole("button", { name: "Delete my account" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await expect(signInWithPassword(emulatorHost, email, PASSWORD)).rejects.toThrow(
    /EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID/,
  );

  await page.goto(`/stories/${own.publicId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Story Not Found" })).toBeVisible();
  const { story } = await graphqlAs<{ story: { bookmarkCount: number } }>(
    baseURL!,
    null,
    "query S($publicId: ID!) { story(publicId: $publicId) { bookmarkCount } }",
    { publicId: others.publicId },
  );
  expect(story.bookmarkCount).toBe(0);
  await page.goto(`/stories/${others.publicId}`);
  const sidebar = await openComments(page);
  const comment = sidebar.getByRole("listitem").filter({ hasText: "A parting word." });
  await expect(comment.getByText("Anonymous")).toBeVisible();
});
