// The app under its Content-Security-Policy (docs/decisions/016-security-headers-and-error-pages.md):
// every screen works with no violation, and no other origin can frame it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { signUp } from "../../scripts/lib/auth-emulator-client.mjs";
import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";
import { PASSWORD, uniqueEmail } from "./helpers.js";

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Collects every CSP violation of the page, in every frame and across navigations. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeBinding("reportCspViolation", (_source, violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(v: Violation): void })
        .reportCspViolation;
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  // The browser's own report, for what happens before a listener can run.
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) {
      violations.push({ directive: "console", blocked: message.text(), source: page.url() });
    }
  });
  return violations;
}

test("every screen works under the Content-Security-Policy, signed out and signed in, with no violation", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  test.slow();
  const violations = await watchViolations(page);
  const story = await publishStory(
    baseURL!,
    emulatorHost,
    `Under Policy ${Date.now().toString(36)}`,
  );

  const home = await page.goto("/");
  expect(home?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  await expect(page.getByRole("heading", { name: "Fresh Threads" })).toBeVisible();
  // The inline theme script ran before the app: allowed by its hash.
  await expect(page.locator("html")).toHaveAttribute("data-theme", /^(light|dark)$/);
  await page.goto("/explore");
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();
  const cover = page.getByRole("img", { name: /^Cover art for/ });
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Sign up", exact: true })).toBeVisible();

  // Signing in talks to Firebase Auth (here the emulator).
  const email = uniqueEmail("policy");
  await signUp(emulatorHost, email, PASSWORD);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();

  // A story written live (graphql-ws on the same origin), then its private pictures (blob: URLs).
  await page.goto("/stories/new");
  await page.getByLabel("Title").fill(`Policy Draft ${Date.now().toString(36)}`);
  await page
    .getByLabel("Outline")
    .fill("Mara, a young cartographer, maps a drowned city to find her missing brother Tomas.");
  await page.getByRole("button", { name: "Generate Story" }).click();
  await expect(page.getByRole("heading", { name: "Generation Complete!" })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole("button", { name: "Confirm Story" }).click();
  const privateCover = page.getByRole("img", { name: /^Cover art for/ });
  await expect
    .poll(() => privateCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto("/my/stories");
  await expect(page.getByRole("heading", { name: "My Stories" })).toBeVisible();
  await page.goto("/my/bookmarks");
  await expect(page.getByRole("heading", { name: "My Bookmarks" })).toBeVisible();
  // Moderation, as a reader sees it (the e2e stack has no moderator).
  await page.goto("/admin");
  await expect(page.getByText("You are not allowed to moderate.", { exact: false })).toBeVisible();
  await page.goto(`/stories/${story.publicId}`);
  await expect(page.getByRole("heading", { name: story.title, level: 1 })).toBeVisible();

  expect(violations).toEqual([]);

  // The watch works: an injected inline script is refused and reported.
  await page.addScriptTag({ content: "window.injected = true;" }).catch(() => undefined);
  await expect
    .poll(() => violations.map((violation) => violation.directive))
    .toContain("script-src-elem");
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
});

test("another origin cannot show the app in a frame", async ({ page, baseURL }) => {
  // Another origin: a page of its own on another port, framing one of its pages and the app's.
  const framer = http.createServer((request, response) => {
    response.setHeader("content-type", "text/html");
    response.end(
      request.url === "/own"
        ? "<!doctype html><title>Own</title><h1>The framer's own page</h1>"
        : `<!doctype html><title>Framer</title>
           <iframe name="own" src="/own"></iframe>
           <iframe name="app" src="${baseURL}/explore"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = framer.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    // The framer's own page shows (frames work); the app's is replaced by the browser's error page.
    await expect(
      page.frameLocator("iframe[name=own]").getByRole("heading", { name: "The framer's own page" }),
    ).toBeVisible();
    await expect
      .poll(() => page.frame({ name: "app" })?.url())
      .toBe("chrome-error://chromewebdata/");
    await expect(
      page.frameLocator("iframe[name=app]").getByRole("heading", { name: "Explore" }),
    ).toHaveCount(0);
  } finally {
    await new Promise((resolve) => framer.close(resolve));
  }
});
