/** The auth screens' words, as the product gives them (docs/product.md#accounts-and-sign-in). */
export const AUTH_MESSAGES = {
  signInFailed: "Failed to sign in. Please check your credentials.",
  googleSignInFailed: "Failed to sign in with Google.",
  signUpFailed: "Failed to create an account",
  googleSignUpFailed: "Failed to sign up with Google",
  resetFailed: "Failed to reset password",
  resetSent: "Check your inbox for password reset instructions",
  passwordsDoNotMatch: "Passwords do not match",
  acceptPolicies: "Please accept the Terms of Service and Privacy Policy",
  // Sign-up's first check: both fields given.
  emailAndPasswordRequired: "Please enter your email and a password.",
  // The words follow MIN_PASSWORD_LENGTH below.
  passwordTooShort: "Password must be at least 6 characters.",
} as const;

export const MIN_PASSWORD_LENGTH = 6;
