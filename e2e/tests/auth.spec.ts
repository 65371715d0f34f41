import { test, expect } from "../fixtures.js";
import { PASSWORD, signOut, signUpThroughForm, uniqueEmail } from "./helpers.js";

test.describe("sign-up", () => {
  test("refuses mismatched passwords", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill(uniqueEmail("mismatch"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(`${PASSWORD}x`);
    await page.getByLabel("I accept the Terms of Service").check();
    await page.getByLabel("I accept the Privacy Policy").check();
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("requires both the terms and the privacy policy", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill(uniqueEmail("boxes"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByLabel("I accept the Terms of Service").check();
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Please accept the Terms of Service and Privacy Policy",
    );
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("creates an account and a profile, then signs out and back in", async ({ page }) => {
    const email = uniqueEmail("newcomer");
    await signUpThroughForm(page, email);

    // The profile exists in the api, created through the GraphQL viewer.
    await page.goto("/my/profile");
    const main = page.getByRole("main");
    await expect(main.getByText(email)).toBeVisible();
    await expect(main.getByText(/^newcomer/).first()).toBeVisible();

    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Generate Story" })).toHaveCount(0);

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Generate Story" })).toBeVisible();
  });
});

test("a wrong password shows the sign-in failure message", async ({ page }) => {
  const email = uniqueEmail("forgetful");
  await signUpThroughForm(page, email);
  await signOut(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Failed to sign in. Please check your credentials.",
  );
});

test("password reset: the emailed code sets a new password", async ({
  page,
  emulatorHost,
  projectId,
}) => {
  const email = uniqueEmail("reset");
  await signUpThroughForm(page, email);
  await signOut(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in page stays on screen until the reset page's code has loaded.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Check your inbox for password reset instructions")).toBeVisible();

  // The emulator keeps the "sent" codes; confirming one is what the e-mailed link does.
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: Array<{ email: string; requestType: string; oobCode: string }>;
  };
  const code = oobCodes.find((c) => c.email === email && c.requestType === "PASSWORD_RESET");
  expect(code).toBeTruthy();
  const reset = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ oobCode: code?.oobCode, newPassword: "brand-new-secret" }),
    },
  );
  expect(reset.status).toBe(200);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("brand-new-secret");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
});

test("password reset for an unknown address shows the failure message", async ({ page }) => {
  await page.goto("/forgot-password");
  // The emulator, like Firebase without e-mail enumeration protection, refuses unknown addresses.
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to reset password");
});
