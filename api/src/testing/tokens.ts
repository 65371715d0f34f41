import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";

/** A new e-mail/password user in the Auth emulator and their ID token. */
export async function newUser(authHost: string, emailPrefix = "reader") {
  return signUp(authHost, uniqueEmail(emailPrefix));
}

type Claims = Record<string, unknown>;

/**
 * A copy of an emulator ID token with some claims changed. Emulator tokens are unsigned
 * (alg "none") and firebase-admin checks no signature for them, so this is exactly the token the
 * emulator would have issued with those claims: the way to test expiry and foreign projects.
 */
export function withClaims(idToken: string, change: (claims: Claims) => Claims): string {
  const [header, payload] = idToken.split(".");
  if (header === undefined || payload === undefined) throw new Error("not a JWT");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
  const changed = Buffer.from(JSON.stringify(change(claims))).toString("base64url");
  return `${header}.${changed}.`;
}

/** Seconds since the epoch, as JWT times are written. */
export const nowInSeconds = () => Math.floor(Date.now() / 1000);
