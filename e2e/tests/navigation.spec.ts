import { test, expect } from "../fixtures.js";

test("a visitor opening a login-required page is sent to /login, to come back to it", async ({
  page,
}) => {
  await page.goto("/stories/new");
  await expect(page).toHaveURL(/\/login$/);
  for (const path of ["/my/stories", "/settings"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
  }
});

test("the theme choice survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
});

test("an unknown path shows 404 Not Found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
});

test("a visitor sees the layout, legal pages and route placeholders", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Fresh Threads" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Trending Now" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up" }).first()).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.goto("/explore?sort=popular");
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  // The sort comes from the query string.
  const sorts = page.getByRole("navigation", { name: "Sort stories" });
  await expect(sorts.getByRole("link", { name: "Popular" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await sorts.getByRole("link", { name: "Newest" }).click();
  await expect(page).toHaveURL(/\/explore\?sort=newest$/);
  // Story pages hide the footer.
  await page.goto("/stories/abc123");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
});
