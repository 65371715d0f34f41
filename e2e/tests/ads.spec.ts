import type { Browser, BrowserContext, Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";

// House ads and affiliate links as people meet them (docs/product.md#ads-and-affiliate-links,
// docs/decisions/032): an admin runs them from /admin; a visitor sees each slot labelled "Ad",
// clicks it, and the admin sees it counted once.

const ADMIN_EMAIL = "ads-admin@example.com";
const suffix = () => Date.now().toString(36);

function fakeGoogleIdToken(claims: { sub: string; email: string; name: string }) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "none", typ: "JWT" })}.${encode({ ...claims, email_verified: true })}.`;
}

/** The admin signs up with Google (the emulator's seam, as google.spec.ts does); ends on /. */
async function signInAsAdmin(page: Page) {
  await page.goto("/signup");
  await page.evaluate(
    (value) => sessionStorage.setItem("storyloom.emulatorGoogleIdToken", value),
    fakeGoogleIdToken({ sub: "ads-admin", email: ADMIN_EMAIL, name: "Ads Admin" }),
  );
  await page.getByLabel("I accept the Terms of Service").check();
  await page.getByLabel("I accept the Privacy Policy").check();
  await page.getByRole("button", { name: "Sign up with Google" }).click();
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
}

/**
 * A visitor of their own: visitors are counted by network and browser (decision 032), and every
 * browser of this run shares 127.0.0.1, so each visitor here names a browser of its own. Links
 * to advertisers open an answer of the test's, not the network.
 */
async function visitor(browser: Browser, name: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${name}`,
  });
  await context.route("https://advertiser.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Advertiser</title>" }),
  );
  return context;
}

/** Resolves once the page's operation `name` has been answered. */
const answered = (page: Page, name: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith("/graphql") &&
      (response.request().postDataJSON() as { operationName?: string } | null)?.operationName ===
        name,
  );

test("an admin runs an ad and an affiliate link; a visitor sees them labelled and each click is counted once", async ({
  page,
  browser,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(baseURL!, emulatorHost, `The Lantern Ledger ${suffix()}`);
  const home = `Write with Storyloom ${suffix()}`;
  const between = `A pause between passages ${suffix()}`;
  const atlas = `The Keeper's Atlas ${suffix()}`;

  // The admin adds an ad for each slot and an affiliate link.
  await signInAsAdmin(page);
  await page.goto("/admin");
  const ads = page.getByRole("region", { name: "Ads" });
  for (const [title, placement] of [
    [home, "Home feed"],
    [between, "Between passages"],
  ]) {
    await ads.getByLabel("Title").fill(title!);
    await ads.getByLabel("Text").fill("An outline is enough.");
    await ads.getByLabel("Link address").fill("https://advertiser.example/write");
    await ads.getByLabel("Placement").selectOption({ label: placement! });
    await ads.getByLabel("Weight").fill("100");
    await ads.getByRole("button", { name: "Add ad" }).click();
    await expect(ads.getByRole("listitem", { name: title })).toContainText("Running");
  }
  const links = page.getByRole("region", { name: "Affiliate links" });
  await links.getByLabel("Label").fill(atlas);
  await links.getByLabel("Link address").fill("https://advertiser.example/atlas");
  await links.getByRole("button", { name: "Add link" }).click();
  await expect(links.getByRole("listitem", { name: atlas })).toContainText("clicks 0 (raw 0)");

  // A visitor meets the home feed's slot, labelled Ad, and clicks it twice.
  const context = await visitor(browser, `ads-visitor-${suffix()}`);
  const reader = await context.newPage();
  const viewed = answered(reader, "RecordAdView");
  await reader.goto("/");
  // A slot asks for its ad once it comes on screen: just above Trending Now.
  await reader.getByRole("region", { name: "Trending Now" }).scrollIntoViewIfNeeded();
  const slot = reader.getByRole("complementary", { name: "Ad" }).filter({ hasText: home });
  await slot.scrollIntoViewIfNeeded();
  await expect(slot).toContainText(/^Ad/);
  await viewed;
  const link = slot.getByRole("link", { name: new RegExp(home) });
  await expect(link).toHaveAttribute("rel", "sponsored noopener");
  for (let click = 0; click < 2; click += 1) {
    const [advertiser] = await Promise.all([
      context.waitForEvent("page"),
      answered(reader, "RecordAdClick"),
      link.click(),
    ]);
    await expect(advertiser).toHaveTitle("Advertiser");
    await advertiser.close();
  }

  // In the reader: a slot between passages, and the Recommended link with its disclosure.
  await reader.goto(`/stories/${story.publicId}`);
  await expect(reader.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  // The slot before the last passage comes on screen as the reader reaches that passage (a slot
  // asks for its ad only once on screen; the end-of-story block below it is taller than a screen's
  // half, so jumping straight to Recommended would skip past it).
  // The page drawn before Apollo Client loads is then replaced by the full reader: scroll again
  // if the passage was swapped under the scroll.
  const passageSlot = reader.getByRole("complementary", { name: "Ad" }).first();
  await expect(async () => {
    await reader.locator("article p[data-text-start]").last().scrollIntoViewIfNeeded();
    await expect(passageSlot).toContainText(/^Ad/, { timeout: 2_000 });
  }).toPass();
  await expect(passageSlot).toContainText(between);
  const recommended = reader.getByRole("region", { name: "Recommended" });
  await recommended.scrollIntoViewIfNeeded();
  const item = recommended.getByRole("listitem").filter({ hasText: atlas });
  await expect(item).toContainText(`${atlas} Affiliate link · Storyloom may earn a commission`);
  const affiliate = item.getByRole("link", { name: atlas });
  await expect(affiliate).toHaveAttribute("rel", "sponsored noopener");
  await expect(affiliate).toHaveAttribute("href", "https://advertiser.example/atlas");
  for (let click = 0; click < 2; click += 1) {
    const [advertiser] = await Promise.all([
      context.waitForEvent("page"),
      answered(reader, "TrackAffiliateClick"),
      affiliate.click(),
    ]);
    await advertiser.close();
  }
  await context.close();

  // The admin sees each click counted once, and every click raw (other visitors of this run may
  // have seen the ad too: its views are at least the visitor's).
  await page.reload();
  await expect(ads.getByRole("listitem", { name: home })).toContainText(
    /views [1-9]\d* \(raw \d+\) · clicks 1 \(raw 2\)/,
  );
  await expect(links.getByRole("listitem", { name: atlas })).toContainText("clicks 1 (raw 2)");
});
