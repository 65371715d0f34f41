import type { Page, Route } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

// The first render carries only what a public page needs; the identity SDK (firebase/auth) comes
// beside it (docs/decisions/021-lean-client-first-render.md).

const IDENTITY_SDK = /\/assets\/firebase-auth-service-[^/]+\.js$/;
// Apollo Client and what it brings, one file (client/vite.config.ts; docs/decisions/033).
const APOLLO_CLIENT = /\/assets\/apollo-[^/]+\.js$/;

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
  return holdScript(page, IDENTITY_SDK);
}

/** Holds the scripts `pattern` matches until the test lets them through. */
async function holdScript(page: Page, pattern: RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested: () => void = () => {};
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(pattern, async (route: Route) => {
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

test("a visitor's home page draws its first cards without Apollo Client, which loads at their first interaction without moving anything or asking again", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const story = await publishStory(
    baseURL!,
    emulatorHost,
    `The Patient Loom ${Date.now().toString(36)}`,
  );
  const scripts = recordScripts(page);
  const apollo = await holdScript(page, APOLLO_CLIENT);
  const homeQueries: string[] = [];
  page.on("request", (request) => {
    const name = /"operationName":"(FreshThreads|TrendingNow)"/.exec(request.postData() ?? "");
    if (request.url().endsWith("/graphql") && name) homeQueries.push(name[1]!);
  });
  // Every layout shift, as Lighthouse counts them.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });

  await page.goto("/");
  const card = page
    .getByRole("region", { name: "Fresh Threads" })
    .getByRole("article", { name: story.title });
  await expect(card).toBeVisible();
  await expect(page.getByRole("list", { name: "Trending Now stories" })).toBeVisible();
  expect(scripts.filter((path) => APOLLO_CLIENT.test(path))).toEqual([]);
  const box = await card.boundingBox();
  const shiftsSoFar = () =>
    page.evaluate(() => [...(window as unknown as { __shifts: number[] }).__shifts]);
  const shiftsBefore = await shiftsSoFar();

  // The first interaction (a key) asks for Apollo Client; its code and the live sections load.
  const liveSections = page.waitForResponse(/\/assets\/live-sections-[^/]+\.js$/);
  await page.keyboard.press("Shift");
  await apollo.wasRequested;
  apollo.release();
  await liveSections;
  // Two frames: the sections' code has run and the page drawn with them.
  for (let frame = 0; frame < 2; frame++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }

  await expect(card).toBeVisible();
  expect(await card.boundingBox()).toEqual(box);
  // Nothing moved when the live sections took over.
  expect(await shiftsSoFar()).toEqual(shiftsBefore);
  // The inlined answers stand in for the live sections' first requests.
  expect(homeQueries).toEqual([]);

  // Apollo Client is there: a page that needs it opens.
  await page
    .getByRole("region", { name: "Fresh Threads" })
    .getByRole("link", { name: /View All/ })
    .click();
  await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
});
