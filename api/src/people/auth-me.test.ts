import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import {
  signInWithGoogle,
  signInWithPassword,
  signUp,
  uniqueEmail,
} from "../../../scripts/lib/auth-emulator-client.mjs";
import { bearer, startTestApi, type TestApi } from "../testing/test-api.js";
import { newUser, nowInSeconds, withClaims } from "../testing/tokens.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function updateEmail(uid: string, email: string): Promise<void> {
  const admin = initializeApp({ projectId: api.projectId }, `auth-me-test-${uid}`);
  try {
    await getAuth(admin).updateUser(uid, { email });
  } finally {
    await deleteApp(admin);
  }
}

const getMe = (headers: Record<string, string> = {}) =>
  api.app.inject({ method: "GET", url: "/v1/auth/me", headers });

describe("GET /v1/auth/me", () => {
  it("answers a new user's first call with their freshly created profile", async () => {
    const session = await newUser(api.authHost);
    const response = await getMe(bearer(session.idToken));
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toEqual({
      id: expect.any(String),
      username: expect.stringMatching(/^[a-z0-9_]{3,30}$/),
      email: session.email,
      display_name: null,
      avatar_url: null,
      bio: null,
      is_premium: false,
      premium_until: null,
      roles: [],
      age_verified_at: null,
      tos_accepted_at: null,
      privacy_policy_accepted_at: null,
      theme: null,
      reader_font: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await getMe(bearer(session.idToken))).json()).toEqual(profile);
  });

  it("creates one profile when a new user's first calls arrive at once", async () => {
    const session = await newUser(api.authHost);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => getMe(bearer(session.idToken))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(responses.map((response) => response.json().id));
    expect(ids.size).toBe(1);
  });

  it("names a Google user after their display name, accents dropped", async () => {
    const email = uniqueEmail("ana");
    const session = await signInWithGoogle(api.authHost, {
      sub: `google-${email}`,
      email,
      name: "Ana María",
    });
    const profile = (await getMe(bearer(session.idToken))).json();
    expect(profile.display_name).toBe("Ana María");
    expect(profile.username).toBe("ana_maria");
  });

  it("never shows the e-mail in the username: people without a display name are reader_…", async () => {
    // The probe of issue 27: jane.doe.1987@… became jane_doe_1987 for everyone to see.
    const local = `jane.doe.${Date.now().toString(36)}`;
    const first = await signUp(api.authHost, `${local}@example.com`);
    const second = await signUp(api.authHost, `${local}@other.com`);
    const names = [
      (await getMe(bearer(first.idToken))).json().username,
      (await getMe(bearer(second.idToken))).json().username,
    ];
    for (const username of names) expect(username).toMatch(/^reader_[a-z0-9]{6}$/);
    expect(names[0]).not.toBe(names[1]);
  });

  it("does not give a Google user named Admin the name admin", async () => {
    const email = uniqueEmail("admin");
    const session = await signInWithGoogle(api.authHost, {
      sub: `google-${email}`,
      email,
      name: "Admin",
    });
    expect((await getMe(bearer(session.idToken))).json().username).toMatch(/^reader_[a-z0-9]{6}$/);
  });

  it("gives distinct usernames to people with one display name signing in at once", async () => {
    const name = `Twin ${Date.now().toString(36)}`;
    const sessions = await Promise.all(
      Array.from({ length: 6 }, (_, index) => {
        const email = uniqueEmail(`twin${index}`);
        return signInWithGoogle(api.authHost, { sub: `google-${email}`, email, name });
      }),
    );
    const usernames = await Promise.all(
      sessions.map(async (session) => (await getMe(bearer(session.idToken))).json().username),
    );
    expect(new Set(usernames).size).toBe(6);
    const base = name.toLowerCase().replace(" ", "_");
    for (const username of usernames)
      expect(username).toMatch(new RegExp(`^${base}(_[a-z0-9]+)?$`));
    expect(usernames).toContain(base);
  });

  it("answers a token whose e-mail ends in NUL with a profile without that e-mail, not a 500", async () => {
    const { idToken } = await newUser(api.authHost);
    const email = `${uniqueEmail("nul")}\u0000`;
    const token = withClaims(idToken, (claims) => ({ ...claims, email, name: "Nul\u0000" }));
    const response = await getMe(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: null, display_name: "Nul" });
  });

  it("follows an e-mail change made at the identity provider", async () => {
    const session = await newUser(api.authHost);
    await getMe(bearer(session.idToken));
    const newEmail = uniqueEmail("moved");
    await updateEmail(session.localId, newEmail);
    const fresh = await signInWithPassword(api.authHost, newEmail, "correct-horse-1");
    expect((await getMe(bearer(fresh.idToken))).json().email).toBe(newEmail);
  });

  describe("refuses", () => {
    it("a call without an Authorization header: Authentication required", async () => {
      const response = await getMe();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: "Authentication required.",
        code: "UNAUTHENTICATED",
      });
    });

    it.each([
      ["a malformed token", "Bearer abc"],
      ["a header that is not a bearer token", "Basic dXNlcjpwYXNz"],
      ["a bearer header without a token", "Bearer "],
    ])("%s: Invalid or expired token", async (_case, authorization) => {
      const response = await getMe({ authorization });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: "Invalid or expired token.",
        code: "UNAUTHENTICATED",
      });
    });

    it("an expired token", async () => {
      const { idToken } = await newUser(api.authHost);
      const expired = withClaims(idToken, (claims) => ({
        ...claims,
        iat: nowInSeconds() - 7200,
        exp: nowInSeconds() - 3600,
      }));
      const response = await getMe(bearer(expired));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: "Invalid or expired token.",
        code: "UNAUTHENTICATED",
      });
    });

    it("a token of another Firebase project", async () => {
      const { idToken } = await newUser(api.authHost);
      const foreign = withClaims(idToken, (claims) => ({
        ...claims,
        aud: "demo-someone-else",
        iss: "https://securetoken.google.com/demo-someone-else",
      }));
      const response = await getMe(bearer(foreign));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: "Invalid or expired token.",
        code: "UNAUTHENTICATED",
      });
    });

    it("a token with a signature that does not verify (a forgery)", async () => {
      const { idToken } = await newUser(api.authHost);
      const [header, payload] = idToken.split(".");
      const signedLooking = `${header}.${payload}.c2lnbmF0dXJl`;
      const response = await getMe(bearer(signedLooking));
      expect(response.statusCode).toBe(401);
    });
  });
});
