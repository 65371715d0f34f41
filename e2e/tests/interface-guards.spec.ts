// The rules of issue 29 that keep the interface whole, on every route: no sideways scrolling, no
// control drawn without the product's styles, 44 px targets on a phone, no serious or critical
// accessibility violation (axe-core), at 390, 820, 1024 and 1280 px, light and dark.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signInWithPassword, signUp } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { graphqlAs, publishStoryAs, type PublishedStory } from "./graphql-helpers.js";
import { PASSWORD, signUpThroughForm, uniqueEmail } from "./helpers.js";
import {
  horizontalOverflow,
  PHONE_WIDTH,
  settled,
  showTheme,
  smallTapTargets,
  THEMES,
  unstyledControls,
  WIDTHS,
} from "./interface-checks.js";

const TAG = `lighthouse${Date.now().toString(36)}`;

let story: PublishedStory;
let username: string;

// One published story (per worker) so lists, tag and profile pages have a card to draw.
test.beforeAll(async () => {
  const baseURL = process.env.STORYLOOM_BASE_URL!;
  const author = await signUp(process.env.FIREBASE_AUTH_EMULATOR_HOST!, uniqueEmail("guard"));
  const { viewer } = await graphqlAs<{ viewer: { username: string } }>(
    baseURL,
    author,
    "query { viewer { username } }",
  );
  username = viewer.username;
  story = await publishStoryAs(baseURL, author, "The Lighthouse Keeper's Map", undefined, [
    TAG,
    "sea",
  ]);
});

/** Every rule at every width and theme; one list of what broke, so a failure names it all. */
async function interfaceProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of THEMES) {
      await showTheme(page, theme);
      const at = `${width} px, ${theme}:`;
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) problems.push(`${at} the page scrolls ${overflow} px sideways`);
      for (const control of await unstyledControls(page)) problems.push(`${at} ${control}`);
      if (width === PHONE_WIDTH) {
        for (const target of await smallTapTargets(page)) problems.push(`${at} target ${target}`);
      }
    }
  }
  return problems;
}

/** axe-core's serious and critical violations at a phone's width in dark and a desktop's in light. */
async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const [width, theme] of [
    [1280, "light"],
    [PHONE_WIDTH, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await showTheme(page, theme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const violation of violations) {
      if (violation.impact !== "serious" && violation.impact !== "critical") continue;
      const where = violation.nodes.map((node) => node.target.join(" ")).slice(0, 3);
      found.push(
        `${width} px, ${theme}: ${violation.id} (${violation.impact}) at ${where.join(", ")}`,
      );
    }
  }
  return found;
}

async function openAndCheck(page: Page, path: string) {
  // First load at a phone's width: a field styled only once another route loaded fails here.
  await page.setViewportSize({ width: PHONE_WIDTH, height: 900 });
  await page.goto(path);
  await settled(page);
  expect.soft(await interfaceProblems(page), `${path}: what breaks the interface`).toEqual([]);
  expect(await seriousViolations(page), `${path}: accessibility`).toEqual([]);
}

const VISITOR_ROUTES: ReadonlyArray<[string, () => string]> = [
  ["home", () => "/"],
  ["explore", () => "/explore"],
  ["explore with filters", () => `/explore?sort=newest&tags=${TAG}&length=short`],
  ["explore search", () => "/explore?sort=newest&q=lighthouse"],
  ["categories", () => "/categories"],
  ["a tag", () => `/tags/${TAG}`],
  ["an author's profile", () => `/profile/${encodeURIComponent(username)}`],
  ["a story", () => `/stories/${story.publicId}`],
  ["a missing story", () => "/stories/no-such-story"],
  ["sign in", () => "/login"],
  ["sign up", () => "/signup"],
  ["forgot password", () => "/forgot-password"],
  ["terms", () => "/terms"],
  ["privacy", () => "/privacy"],
  ["not found", () => "/no/such/page"],
];

for (const [name, path] of VISITOR_ROUTES) {
  test(`a visitor's ${name} page fits, is styled, has 44 px targets on a phone and passes axe`, async ({
    page,
  }) => {
    await openAndCheck(page, path());
  });
}

const SIGNED_IN_ROUTES = [
  "/my/profile",
  "/my/stories",
  "/stories/new",
  "/my/bookmarks",
  "/my/subscriptions",
  "/my/purchases",
  "/settings",
  `/stories/__STORY__`,
];

for (const route of SIGNED_IN_ROUTES) {
  test(`a reader's ${route.replace("__STORY__", "<story>")} fits, is styled, has 44 px targets on a phone and passes axe`, async ({
    page,
  }) => {
    await signUpThroughForm(page, uniqueEmail("guard-reader"));
    await openAndCheck(page, route.replace("__STORY__", story.publicId));
  });
}

test("an author's Manage sheet (price and category among its fields) fits, is styled, has 44 px targets on a phone and passes axe", async ({
  page,
}) => {
  const email = uniqueEmail("guard-author");
  await signUpThroughForm(page, email);
  const baseURL = process.env.STORYLOOM_BASE_URL!;
  const author = await signInWithPassword(
    process.env.FIREBASE_AUTH_EMULATOR_HOST!,
    email,
    PASSWORD,
  );
  // Completed, public and approved: the sheet offers its price beside its category.
  const own = await publishStoryAs(baseURL, author, "The Keeper's Ledger");
  await page.setViewportSize({ width: PHONE_WIDTH, height: 900 });
  await page.goto(`/stories/${own.publicId}`);
  await settled(page);
  await page.getByRole("button", { name: "Manage" }).click();
  const sheet = page.getByRole("dialog", { name: "Manage story" });
  await expect(sheet.getByRole("combobox", { name: "Price" })).toBeVisible();
  await expect(sheet.getByRole("combobox", { name: "Category" })).toBeVisible();
  expect
    .soft(await interfaceProblems(page), "the Manage sheet: what breaks the interface")
    .toEqual([]);
  expect(await seriousViolations(page), "the Manage sheet: accessibility").toEqual([]);
});

test("the signed-in header keeps the account menu on screen and its links on one line at every width", async ({
  page,
}) => {
  await signUpThroughForm(page, uniqueEmail("header"));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const account =
      width < 768
        ? page.getByRole("button", { name: "Menu" })
        : page.getByRole("button", { name: "User menu" });
    const box = await account.boundingBox();
    expect(box, `${width} px`).not.toBeNull();
    expect(
      box!.x + box!.width,
      `${width} px: the account's place ends on screen`,
    ).toBeLessThanOrEqual(width);
    // Below 960 px the links are in the menu and search is an icon; above, each link is one line.
    const generate = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
      name: "Generate Story",
    });
    if (width < 960) {
      await expect(generate).toBeHidden();
      await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();
    } else {
      const line = await generate.boundingBox();
      expect(line!.height, `${width} px: Generate Story on one line`).toBeLessThan(44);
    }
  }
});
