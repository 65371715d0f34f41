import type { Page } from "@playwright/test";
import { expect } from "../fixtures.js";

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = "correct-horse-1";

/** Signs up through the real form, ticking both boxes; ends signed in on /. */
export async function signUpThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByLabel("I accept the Terms of Service").check();
  await page.getByLabel("I accept the Privacy Policy").check();
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
}

/** Fills in the sign-in form the page shows and submits it; the app then goes where it sends a new sign-in. */
export async function submitSignInForm(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
}

/**
 * Opens a story's Comments panel and answers it. A press made while the page still hands over from
 * its first view to the live one can be lost on a busy machine: it presses again until the panel
 * is open.
 */
export async function openComments(page: Page) {
  const panel = page.getByRole("dialog", { name: "Comments" });
  await expect(async () => {
    if (!(await panel.isVisible())) {
      await page
        .getByRole("button", { name: /Comments/ })
        .first()
        .click();
    }
    await expect(panel).toBeVisible({ timeout: 5_000 });
  }).toPass();
  return panel;
}
