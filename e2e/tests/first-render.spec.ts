import type { Page, Route } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

// The first render carries only what a public page needs; the identity SDK (firebase/auth) comes
// beside it (docs/decisions/021-lean-client-first-render.md).

const IDENTITY_SDK = /\/assets\/firebase-auth-service-[^/]+\.js$/;

/** Scripts the page asked for, by path, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Holds the identity SDK's script until the test lets it through. */
async function holdIdentitySdk(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested: () => void = () => {};
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(IDENTITY_SDK, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, wasRequested };
}

test("a visitor's home page shows its feed without the identity SDK, which loads at their first interaction", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(
    baseURL!,
    emulatorHost,
    `The Quiet Lamp ${Date.now().toString(36)}`,
  );
  const scripts = recordScripts(page);
  const sdk = await holdIdentitySdk(page);

  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Fresh Threads" }).getByRole("article", { name: story.title }),
  ).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  const beforeFirstCard = [...scripts];
  expect(beforeFirstCard.filter((path) => IDENTITY_SDK.test(path))).toEqual([]);
  // The goal for the first render: at most 8 script files.
  expect(beforeFirstCard.length).toBeLessThanOrEqual(8);

  // The first interaction asks for the SDK; signing up works once it is there.
  await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
  await sdk.wasRequested;
  sdk.release();
  await signUpThroughForm(page, uniqueEmail("first-render"));
});

test("a signed-in reader coming back never sees the visitor's header or /login while their identity loads", async ({
  page,
}) => {
  await signUpThroughForm(page, uniqueEmail("returning"));
  // From now on, record whether the visitor's Sign in link or /login ever shows.
  await page.addInitScript(() => {
    const seen = { signInLink: false, loginPath: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const check = () => {
      if (document.querySelector('.site-header a[href="/login"]')) seen.signInLink = true;
      if (location.pathname === "/login") seen.loginPath = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
  const sdk = await holdIdentitySdk(page);

  await page.goto("/");
  // With the signed-in hint the SDK is asked for at once, not at an interaction.
  await sdk.wasRequested;
  await expect(page.getByRole("heading", { name: "Fresh Threads" })).toBeVisible();
  sdk.release();
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();

  await page.goto("/my/stories");
  await expect(page.getByRole("heading", { name: "My Stories", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({
    signInLink: false,
    loginPath: false,
  });
});
