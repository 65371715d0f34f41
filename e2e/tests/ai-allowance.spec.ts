import { test, expect } from "../fixtures.js";
import { signUpThroughForm, uniqueEmail } from "./helpers.js";

// The AI daily allowance as a writer meets it (docs/product.md#ai-allowance): shown under the
// generation form before they run out, one fewer after each run. The refusal past it (429,
// AI_ALLOWANCE_USED_UP and its words) is proven in the api's and bff's tests.

const ALLOWANCE = /^(\d+) of (\d+) left today$/;

test("the generation form shows the writer's runs left today, one fewer after a story is started", async ({
  page,
}) => {
  await signUpThroughForm(page, uniqueEmail("allowance"));
  await page.goto("/stories/new");
  const line = page.getByText(ALLOWANCE);
  await expect(line).toBeVisible();
  const [, remaining, limit] = ALLOWANCE.exec((await line.textContent()) ?? "")!.map(Number);
  // A new writer has every run of the day.
  expect(remaining).toBe(limit);
  expect(limit).toBeGreaterThan(0);

  await page.getByLabel("Title").fill(`The Counted Lantern ${Date.now().toString(36)}`);
  await page.getByLabel("Outline").fill("A lamplighter counts the lanterns of a harbour town.");
  await page.getByRole("button", { name: "Generate Story" }).click();
  await expect(page).toHaveURL(/\/stories\/(?!new$)[A-Za-z0-9_-]+$/);

  await page.goto("/stories/new");
  await expect(
    page.getByText(`${limit! - 1} of ${limit} left today`, { exact: true }),
  ).toBeVisible();
});
