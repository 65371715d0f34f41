import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStory, publishStoryAs } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

// The inbox as a follower lives it (docs/product.md#notifications): the bell's count rises while
// the page is open when a followed writer publishes, and the inbox links to the story.

const suffix = () => Date.now().toString(36);

test("a follower sees the bell count rise when the writer publishes, and opens the story from the inbox", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const first = await publishStory(baseURL!, emulatorHost, `The Salt Lantern ${suffix()}`);
  const { viewer } = await graphqlAs<{ viewer: { id: string; username: string } }>(
    baseURL!,
    first.author,
    "{ viewer { id username } }",
  );
  await signUpThroughForm(page, uniqueEmail("bell"));
  await page.goto(`/profile/${viewer.username}`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  const bell = page.getByRole("link", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  // The writer publishes while the follower's page stays open: no reload.
  const second = await publishStoryAs(baseURL!, first.author, `The Tin Harbour ${suffix()}`);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 20_000 });
  await expect(bell.getByTestId("unread-count")).toHaveText("1");

  await bell.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const item = page.getByRole("link", { name: `${viewer.username} published “${second.title}”` });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/stories/${second.publicId}$`));
  await expect(bell).toHaveAccessibleName("Notifications", { timeout: 20_000 });
});
