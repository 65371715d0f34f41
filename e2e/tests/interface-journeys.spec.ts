// Keyboard journeys on a phone (the menu traps focus, the explore filters drawer) and the reference
// pictures of home and /explore at a phone's and a desktop's width (issue 29).
import type { Page } from "@playwright/test";
import { test, expect } from "../fixtures.js";
import { publishStory } from "./graphql-helpers.js";
import { MIN_TAP, PHONE_WIDTH } from "./interface-checks.js";

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? "";
  });

test("on a phone the open menu keeps Tab inside it, and Escape closes it back to its button", async ({
  page,
}) => {
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await page.goto("/");
  const button = page.getByRole("button", { name: "Menu" });
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  const entries = ["Explore", "Categories", "Sign in", "Sign up"];
  for (const entry of entries) {
    const link = menu.getByRole("link", { name: entry, exact: true });
    const box = await link.boundingBox();
    expect(box!.height, `${entry} is a 44 px target`).toBeGreaterThanOrEqual(MIN_TAP);
  }
  for (const entry of entries) {
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe(entry);
  }
  // Past the last entry Tab comes back to the button, not to the page behind the menu.
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  expect(await focusedName(page)).toBe("Sign up");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test("on a phone explore's filters are a drawer a keyboard opens, fills with tag chips and applies", async ({
  page,
  baseURL,
  emulatorHost,
}) => {
  const tag = `chip${Date.now().toString(36)}`;
  await publishStory(baseURL!, emulatorHost, "The Tidewright's Daughter", undefined, [tag]);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await page.goto("/explore");
  const form = page.getByRole("search", { name: "Search and filter stories" });
  // Closed at first: the list, not the form, fills the first screen; one sort control.
  await expect(form.getByLabel("Category")).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Sort" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Sort stories" })).toBeVisible();
  const toggle = form.getByRole("button", { name: "Filters" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Category")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("With tags")).toBeFocused();
  await page.keyboard.type(tag);
  await page.keyboard.press("Enter");
  await page.keyboard.type("ghost,");
  const remove = form.getByRole("button", { name: `Remove ${tag}` });
  await expect(remove).toBeVisible();
  await expect(form.getByRole("button", { name: "Remove ghost" })).toBeVisible();
  const chip = await remove.boundingBox();
  expect(chip!.height).toBeGreaterThanOrEqual(MIN_TAP);
  await form.getByRole("button", { name: "Remove ghost" }).press("Enter");
  await expect(form.getByRole("button", { name: "Remove ghost" })).toHaveCount(0);
  await form.getByRole("button", { name: "Apply" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/explore\\?sort=newest&tags=${tag}$`));
  // The view says how many it found and offers to clear what is set.
  await expect(page.getByText("1 story", { exact: true })).toBeVisible();
  await expect(form.getByRole("button", { name: "Filters (1)" })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/explore\?sort=newest$/);
});

test("below 960 px the header's search is an icon that opens a field, on a phone too", async ({
  page,
}) => {
  for (const width of [PHONE_WIDTH, 820]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("searchbox", { name: "Search stories" })).toBeHidden();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const field = page.getByRole("searchbox", { name: "Search stories" });
    await expect(field).toBeFocused();
    await field.fill("lighthouse");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/explore\?sort=newest&q=lighthouse$/);
  }
});
