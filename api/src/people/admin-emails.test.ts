import { afterEach, describe, expect, inject, it } from "vitest";
import {
  signInWithGoogle,
  signUp,
  uniqueEmail,
} from "../../../scripts/lib/auth-emulator-client.mjs";
import { startApi, type RunningApi } from "../start.js";
import { startEnv as startEnvFor } from "../testing/start-env.js";

// ADMIN_EMAILS makes the site's first admin while it runs: whoever signs in with a listed,
// verified e-mail becomes an admin (docs/operations.md#moderators-and-admins, docs/decisions/017).

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function started(env: Record<string, string>): Promise<RunningApi> {
  const api = await startApi(env);
  cleanups.push(() => api.stop());
  return api;
}

async function rolesOf(api: RunningApi, idToken: string): Promise<string[]> {
  const response = await fetch(`${api.url}/v1/auth/me`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { roles: string[] }).roles;
}

async function queueStatus(api: RunningApi, idToken: string): Promise<number> {
  const response = await fetch(`${api.url}/v1/admin/comments/pending`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  await response.arrayBuffer();
  return response.status;
}

describe("ADMIN_EMAILS", () => {
  it("makes a person an admin when they sign in with a listed, verified e-mail", async () => {
    const authHost = inject("authEmulatorHost");
    const email = uniqueEmail("owner");
    const env = await startEnvFor((cleanup) => cleanups.push(cleanup), {
      ADMIN_EMAILS: `someone@example.org, ${email.toUpperCase()}`,
    });
    const api = await started(env);
    // Google vouches for the e-mail (email_verified), as it does for a real account.
    const google = await signInWithGoogle(authHost, {
      sub: `google-${email}`,
      email,
      name: "Site Owner",
    });
    expect(await rolesOf(api, google.idToken)).toEqual(["admin"]);
    expect(await queueStatus(api, google.idToken)).toBe(200);

    // Leaving the list takes nothing away: the role stays after a restart without it.
    await api.stop();
    const restarted = await started({ ...env, ADMIN_EMAILS: "" });
    expect(await rolesOf(restarted, google.idToken)).toEqual(["admin"]);
  });

  it("does not trust an e-mail nobody has verified", async () => {
    const email = uniqueEmail("claimant");
    const api = await started(
      await startEnvFor((cleanup) => cleanups.push(cleanup), { ADMIN_EMAILS: email }),
    );
    // A password sign-up only claims the address.
    const claimant = await signUp(inject("authEmulatorHost"), email);
    expect(await rolesOf(api, claimant.idToken)).toEqual([]);
    expect(await queueStatus(api, claimant.idToken)).toBe(403);
  });
});
