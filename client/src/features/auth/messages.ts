/** The auth screens' user-facing words, exactly as spec §5 and §8 give them. */
export const AUTH_MESSAGES = {
  signInFailed: "Failed to sign in. Please check your credentials.",
  googleSignInFailed: "Failed to sign in with Google.",
  signUpFailed: "Failed to create an account",
  googleSignUpFailed: "Failed to sign up with Google",
  resetFailed: "Failed to reset password",
  resetSent: "Check your inbox for password reset instructions",
  passwordsDoNotMatch: "Passwords do not match",
  acceptPolicies: "Please accept the Terms of Service and Privacy Policy",
  // spec §5 requires both fields but gives no words for it; these are ours.
  emailAndPasswordRequired: "Please enter your email and a password.",
  // spec §5/§9: default minimum password length 6.
  passwordTooShort: "Password must be at least 6 characters.",
} as const;

export const MIN_PASSWORD_LENGTH = 6;
