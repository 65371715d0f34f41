import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";

const VIEWER = `query Viewer { viewer { id userId username email isPremium roles termsAcceptedAt } }`;

let api: ApiProcess;
let bff: Bff;
const emulatorHost = () => inject("authEmulatorHost");

beforeAll(async () => {
  api = await startApi();
  bff = await startBff(api.url);
});

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

function wsRequest(query: string, connectionParams: Record<string, unknown>) {
  const client = createClient({
    url: `${bff.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
  });
  return new Promise<{ data?: unknown; errors?: unknown }>((resolve, reject) => {
    let result: { data?: unknown; errors?: unknown } = {};
    client.subscribe(
      { query },
      {
        next: (value) => (result = value as typeof result),
        error: (error) => {
          void client.dispose();
          // graphql-ws rejects validation failures with the list of GraphQL errors.
          if (Array.isArray(error)) resolve({ errors: error });
          else reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        },
        complete: () => {
          void client.dispose();
          resolve(result);
        },
      },
    );
  });
}

describe("viewer", () => {
  it("is the signed-in user's profile over HTTP, created on first use", async () => {
    const email = uniqueEmail("viewer");
    const { idToken } = await signUp(emulatorHost(), email);
    const body = await graphql(bff.url, VIEWER, { token: idToken });
    expect(body.errors).toBeUndefined();
    const viewer = body.data?.viewer as Record<string, unknown>;
    expect(viewer.email).toBe(email);
    // Named from the display name, else reader_ and six characters: never from the e-mail.
    expect(viewer.username).toMatch(/^reader_[a-z0-9]{6}$/);
    expect(viewer.isPremium).toBe(false);
    expect(viewer.roles).toEqual([]);
    expect(viewer.termsAcceptedAt).toBeNull();
    expect(Buffer.from(String(viewer.id), "base64url").toString()).toBe(`User:${viewer.userId}`);
  });

  it("is null for a visitor", async () => {
    const body = await graphql(bff.url, VIEWER);
    expect(body).toEqual({ data: { viewer: null } });
  });

  it("is UNAUTHENTICATED with a bad token", async () => {
    const body = await graphql(bff.url, VIEWER, { token: "not-a-token" });
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("is the same profile over graphql-ws with the token in connectionParams", async () => {
    const { idToken } = await signUp(emulatorHost(), uniqueEmail("socket"));
    const overHttp = await graphql(bff.url, VIEWER, { token: idToken });
    const overWs = await wsRequest(VIEWER, { authorization: `Bearer ${idToken}` });
    expect(overWs).toEqual({ data: overHttp.data });
  });

  it("is null over graphql-ws without connectionParams", async () => {
    expect(await wsRequest(VIEWER, {})).toEqual({ data: { viewer: null } });
  });
});

describe("profile mutations", () => {
  it("record terms and privacy acceptance once", async () => {
    const { idToken } = await signUp(emulatorHost(), uniqueEmail("terms"));
    const accept = `mutation { acceptTerms { termsAcceptedAt } acceptPrivacyPolicy { privacyPolicyAcceptedAt } }`;
    const first = await graphql(bff.url, accept, { token: idToken });
    const terms = (first.data?.acceptTerms as { termsAcceptedAt: string }).termsAcceptedAt;
    expect(Date.parse(terms)).toBeGreaterThan(Date.now() - 60_000);
    const again = await graphql(bff.url, accept, { token: idToken });
    expect((again.data?.acceptTerms as { termsAcceptedAt: string }).termsAcceptedAt).toBe(terms);
  });

  it("map the api's validation and conflict errors to GraphQL codes", async () => {
    const alice = await signUp(emulatorHost(), uniqueEmail("alice"));
    const bob = await signUp(emulatorHost(), uniqueEmail("bob"));
    const rename = `mutation Rename($name: String) { updateProfile(input: { username: $name }) { username } }`;
    const taken = `alice_${Date.now().toString(36)}`;
    const ok = await graphql(bff.url, rename, { token: alice.idToken, variables: { name: taken } });
    expect(ok.data).toEqual({ updateProfile: { username: taken } });

    const conflict = await graphql(bff.url, rename, {
      token: bob.idToken,
      variables: { name: taken },
    });
    expect(conflict.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", status: 409 });

    const invalid = await graphql(bff.url, rename, {
      token: bob.idToken,
      variables: { name: "No!" },
    });
    expect(invalid.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "username",
    });
  });

  it("deleteAccount removes the profile and the sign-in account", async () => {
    const email = uniqueEmail("leaver");
    const { idToken } = await signUp(emulatorHost(), email);
    await graphql(bff.url, VIEWER, { token: idToken });
    const body = await graphql(
      bff.url,
      `
        mutation {
          deleteAccount {
            deleted
          }
        }
      `,
      { token: idToken },
    );
    expect(body).toEqual({ data: { deleteAccount: { deleted: true } } });
    const signIn = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "correct-horse-1", returnSecureToken: true }),
      },
    );
    expect(signIn.status).toBe(400);
  });

  it("are UNAUTHENTICATED for a visitor", async () => {
    const body = await graphql(
      bff.url,
      `
        mutation {
          acceptTerms {
            id
          }
        }
      `,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
