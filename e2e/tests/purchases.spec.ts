import { test, expect } from "../fixtures.js";
import { signUp } from "../../scripts/lib/auth-emulator-client.mjs";
import { priceStory, publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, submitSignInForm, uniqueEmail } from "./helpers.js";

// Buying with the local test checkout, as `npm start` without Stripe keys sells
// (docs/product.md#purchases-and-premium): the checkout is the web app's own test page, and Pay
// makes the api send itself a signed event that confirms the purchase through its webhook.

test("a reader buys premium through the test checkout and My Purchases says until when", async ({
  page,
}) => {
  await signUpThroughForm(page, uniqueEmail("premium"));
  await page.goto("/my/purchases");
  await expect(page.getByRole("heading", { level: 1, name: "My Purchases" })).toBeVisible();
  await expect(
    page.getByText("You are not premium. Premium shows story illustrations and no ads."),
  ).toBeVisible();
  await expect(page.getByText("You have not bought anything yet.")).toBeVisible();

  await page.getByRole("button", { name: "Get premium" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_local_/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Test checkout — no money moves" }),
  ).toBeVisible();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await expect(page.getByText("Storyloom Premium, 30 days")).toBeVisible();

  await page.getByRole("button", { name: "Pay $4.99" }).click();
  await expect(page).toHaveURL(/\/my\/purchases\?purchase=/);
  await expect(page.getByText("Thank you! You are premium now.")).toBeVisible();
  await expect(
    page.getByText(/^You are premium until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/),
  ).toBeVisible();
  const purchases = page.getByRole("table", { name: "Purchases" });
  const row = purchases.getByRole("row").nth(1);
  await expect(row).toContainText("Premium, 30 days");
  await expect(row).toContainText("$4.99");
  await expect(row).toContainText("Paid");
  await expect(page.getByRole("button", { name: "Extend premium" })).toBeVisible();
});

test("a cancelled test checkout charges nothing and says so", async ({ page }) => {
  await signUpThroughForm(page, uniqueEmail("cancel"));
  await page.goto("/my/purchases");
  await page.getByRole("button", { name: "Get premium" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_local_/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/checkout=cancelled/);
  await expect(page.getByText("The checkout was cancelled. Nothing was charged.")).toBeVisible();
  const row = page.getByRole("table", { name: "Purchases" }).getByRole("row").nth(1);
  await expect(row).toContainText("Not completed");
  await expect(page.getByRole("button", { name: "Get premium" })).toBeVisible();
});

test("a visitor who signs in to buy a story comes back to it, with Buy", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(
    baseURL!,
    emulatorHost,
    `The Salt Ledger ${Date.now().toString(36)}`,
  );
  await priceStory(baseURL!, story, 199);
  const email = uniqueEmail("buyer");
  await signUp(emulatorHost, email);

  await page.goto(`/stories/${story.publicId}`);
  await page.getByRole("link", { name: "Sign in to buy it" }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/stories/${story.publicId}`)}`);
  await submitSignInForm(page, email);
  await expect(page).toHaveURL(`/stories/${story.publicId}`);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
  const offer = page.getByRole("complementary", { name: "Keep reading" });
  await expect(offer.getByRole("button", { name: "Buy for $1.99" })).toBeVisible();
});
