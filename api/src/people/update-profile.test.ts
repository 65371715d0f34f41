import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, startTestApi, type TestApi } from "../testing/test-api.js";
import { newUser } from "../testing/tokens.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function signedIn() {
  const session = await newUser(api.authHost);
  const me = await api.app.inject({
    method: "GET",
    url: "/v1/auth/me",
    headers: bearer(session.idToken),
  });
  return { headers: bearer(session.idToken), profile: me.json() };
}

const patch = (headers: Record<string, string>, payload: unknown) =>
  api.app.inject({
    method: "PATCH",
    url: "/v1/auth/update-profile",
    headers,
    payload: payload as object,
  });

const uniqueName = () => `u_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;

describe("PATCH /v1/auth/update-profile", () => {
  it("changes the fields sent, leaves the others, and answers the whole profile", async () => {
    const { headers, profile } = await signedIn();
    const username = uniqueName();
    const response = await patch(headers, {
      username,
      display_name: "  Sam Reader  ",
      avatar_url: "https://images.example.com/sam.png",
      bio: "Reads at night.",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...profile,
      username,
      display_name: "Sam Reader",
      avatar_url: "https://images.example.com/sam.png",
      bio: "Reads at night.",
    });

    const again = await patch(headers, { bio: null });
    expect(again.json()).toMatchObject({ username, display_name: "Sam Reader", bio: null });
    const reread = await api.app.inject({ method: "GET", url: "/v1/auth/me", headers });
    expect(reread.json()).toEqual(again.json());
  });

  it("clears display name and avatar with null or blank", async () => {
    const { headers } = await signedIn();
    await patch(headers, { display_name: "Someone", avatar_url: "https://example.com/a.png" });
    const response = await patch(headers, { display_name: "   ", avatar_url: null });
    expect(response.json()).toMatchObject({ display_name: null, avatar_url: null });
  });

  it("keeps theme and reader font with the account, and null clears them", async () => {
    const { headers, profile } = await signedIn();
    expect(profile).toMatchObject({ theme: null, reader_font: null });
    const set = await patch(headers, { theme: "dark", reader_font: "Merriweather" });
    expect(set.json()).toMatchObject({ theme: "dark", reader_font: "Merriweather" });
    const reread = await api.app.inject({ method: "GET", url: "/v1/auth/me", headers });
    expect(reread.json()).toMatchObject({ theme: "dark", reader_font: "Merriweather" });
    const cleared = await patch(headers, { theme: null });
    expect(cleared.json()).toMatchObject({ theme: null, reader_font: "Merriweather" });
  });

  it("answers an empty change with the profile as it is", async () => {
    const { headers, profile } = await signedIn();
    const response = await patch(headers, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(profile);
  });

  it("refuses a username of the wrong form with 422 naming the field", async () => {
    const { headers } = await signedIn();
    for (const username of ["Sam", "ab", "has space", "x".repeat(31), "émile"]) {
      const response = await patch(headers, { username });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail:
          "username is not valid: 3 to 30 characters, each a lower-case letter, digit or underscore.",
        code: "VALIDATION_FAILED",
        field: "username",
      });
    }
  });

  it("refuses a username someone else has with 409 That username is taken", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const response = await patch(second.headers, { username: first.profile.username });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: "That username is taken.",
      code: "USERNAME_TAKEN",
      field: "username",
    });
  });

  it.each(["admin", "moderator", "storyloom", "root", "null", "storyloom_staff"])(
    "refuses the reserved username %s as taken (409)",
    async (username) => {
      const { headers } = await signedIn();
      const response = await patch(headers, { username });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: "That username is taken.",
        code: "USERNAME_TAKEN",
        field: "username",
      });
    },
  );

  it("lets a person keep their own username", async () => {
    const { headers, profile } = await signedIn();
    const response = await patch(headers, { username: profile.username, bio: "same name" });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(profile.username);
  });

  it.each([
    ["an unknown field", { nickname: "sam" }, "nickname", 'Unknown field "nickname".'],
    [
      "a display name over 60 characters",
      { display_name: "x".repeat(61) },
      "display_name",
      "display_name must not have more than 60 characters.",
    ],
    [
      "a bio over 500 characters",
      { bio: "x".repeat(501) },
      "bio",
      "bio must not have more than 500 characters.",
    ],
    ["a number for a username", { username: 12345 }, "username", "username must be string."],
    [
      "a non-http avatar",
      { avatar_url: "javascript:alert(1)" },
      "avatar_url",
      "avatar_url is not valid: an https URL of at most 500 characters, or null.",
    ],
    [
      "an http avatar (mixed content)",
      { avatar_url: "http://example.com/a.png" },
      "avatar_url",
      "avatar_url is not valid: an https URL of at most 500 characters, or null.",
    ],
    ["an unknown theme", { theme: "sepia" }, "theme", expect.stringContaining("theme")],
    [
      "an unknown reader font",
      { reader_font: "Comic Sans" },
      "reader_font",
      expect.stringContaining("reader_font"),
    ],
    ["an avatar URL without a host", { avatar_url: "http://" }, "avatar_url", expect.any(String)],
    [
      "an avatar URL over 500 characters",
      { avatar_url: `https://example.com/${"a".repeat(500)}` },
      "avatar_url",
      expect.any(String),
    ],
  ])("refuses %s with 422 naming the field", async (_case, body, field, detail) => {
    const { headers } = await signedIn();
    const response = await patch(headers, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail, code: "VALIDATION_FAILED", field });
  });

  it("refuses a body that is not a JSON object", async () => {
    const { headers } = await signedIn();
    const notJson = await api.app.inject({
      method: "PATCH",
      url: "/v1/auth/update-profile",
      headers: { ...headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: "VALIDATION_FAILED" });

    const list = await patch(headers, ["username"]);
    expect(list.statusCode).toBe(422);
    expect(list.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "body" });
  });

  it("asks for a token before reading the body", async () => {
    const response = await patch({}, { username: "Not Valid" });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("UNAUTHENTICATED");
  });
});
