import { eq } from "drizzle-orm";
import { getAuth } from "firebase-admin/auth";
import { initializeApp, deleteApp } from "firebase-admin/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../../../scripts/lib/auth-emulator-client.mjs";
import { users } from "../platform/db/schema.js";
import { bearer, startTestApi, type TestApi } from "../testing/test-api.js";
import { newUser } from "../testing/tokens.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const call = (method: "GET" | "POST" | "DELETE", url: string, headers: Record<string, string>) =>
  api.app.inject({ method, url, headers });

describe.each([
  ["/v1/auth/age-verification", "age_verified_at"],
  ["/v1/auth/accept-tos", "tos_accepted_at"],
  ["/v1/auth/accept-privacy-policy", "privacy_policy_accepted_at"],
])("POST %s", (path, field) => {
  it(`sets ${field} once: a repeat keeps the first time`, async () => {
    const { idToken } = await newUser(api.authHost);
    const headers = bearer(idToken);
    const first = await call("POST", path, headers);
    expect(first.statusCode).toBe(200);
    const firstTime = first.json()[field];
    expect(new Date(firstTime).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await call("POST", path, headers);
    expect(second.json()[field]).toBe(firstTime);
    expect((await call("GET", "/v1/auth/me", headers)).json()[field]).toBe(firstTime);
  });

  it("leaves the other consent flags alone", async () => {
    const { idToken } = await newUser(api.authHost);
    const profile = (await call("POST", path, bearer(idToken))).json();
    const others = ["age_verified_at", "tos_accepted_at", "privacy_policy_accepted_at"].filter(
      (name) => name !== field,
    );
    for (const other of others) expect(profile[other]).toBeNull();
  });

  it("accepts an empty JSON body, as clients send with a JSON content type", async () => {
    const { idToken } = await newUser(api.authHost);
    const response = await api.app.inject({
      method: "POST",
      url: path,
      headers: { ...bearer(idToken), "content-type": "application/json" },
      payload: "",
    });
    expect(response.statusCode).toBe(200);
  });

  it("requires a token", async () => {
    const response = await call("POST", path, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: "Authentication required.",
      code: "UNAUTHENTICATED",
    });
  });
});

describe("DELETE /v1/auth/delete-account", () => {
  it("deletes the profile row and the Firebase user, answering 204", async () => {
    const session = await newUser(api.authHost);
    const headers = bearer(session.idToken);
    const { id } = (await call("GET", "/v1/auth/me", headers)).json();

    const response = await call("DELETE", "/v1/auth/delete-account", headers);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");

    const rows = await api.database.db.select().from(users).where(eq(users.id, id));
    expect(rows).toEqual([]);
    await expect(
      signInWithPassword(api.authHost, session.email, "correct-horse-1"),
    ).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    const admin = initializeApp({ projectId: api.projectId }, `account-test-${Date.now()}`);
    try {
      await expect(getAuth(admin).getUser(session.localId)).rejects.toMatchObject({
        code: "auth/user-not-found",
      });
    } finally {
      await deleteApp(admin);
    }
  });

  it("ends the deleted user's session: their token is refused from then on", async () => {
    const session = await newUser(api.authHost);
    const headers = bearer(session.idToken);
    await call("GET", "/v1/auth/me", headers);
    await call("DELETE", "/v1/auth/delete-account", headers);

    // With the emulator firebase-admin looks the user up on each verification; in production a
    // token stays valid until it expires (≤ 1 h) and GET /auth/me would create a new profile.
    const response = await call("GET", "/v1/auth/me", headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe("Invalid or expired token.");
  });

  it("requires a token", async () => {
    const response = await call("DELETE", "/v1/auth/delete-account", {});
    expect(response.statusCode).toBe(401);
  });
});
