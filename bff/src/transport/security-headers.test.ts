import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { inlineScriptHashes } from "./security-headers.js";
import { startBff, type Bff } from "../testing/stack.js";

const THEME_SCRIPT = `
      document.documentElement.setAttribute("data-theme", "dark");
    `;
const INDEX_HTML = `<!doctype html><html><head><title>Storyloom</title>
    <script>${THEME_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head><body><div id="root"></div></body></html>`;

let clientDist: string;
let bff: Bff;
let production: Bff;

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), "storyloom-client-"));
  mkdirSync(path.join(clientDist, "assets"));
  writeFileSync(path.join(clientDist, "index.html"), INDEX_HTML);
  writeFileSync(path.join(clientDist, "assets", "app-abc123.js"), "console.log(1)");
  bff = await startBff("http://127.0.0.1:9", { CLIENT_DIST: clientDist });
  production = await startBff("http://127.0.0.1:9", {
    CLIENT_DIST: clientDist,
    NODE_ENV: "production",
    TRUSTED_PROXIES: "none",
    FIREBASE_API_KEY: "key",
    FIREBASE_PROJECT_ID: "storyloom-prod",
    FIREBASE_AUTH_DOMAIN: "login.storyloom.example",
    FIREBASE_AUTH_EMULATOR_HOST: "",
  });
});

afterAll(async () => {
  await bff?.server.stop();
  await production?.server.stop();
  rmSync(clientDist, { recursive: true, force: true });
});

/** The Content-Security-Policy header as directive → sources. */
function policyOf(response: Response): Record<string, string[]> {
  const header = response.headers.get("content-security-policy");
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the app's Content-Security-Policy", () => {
  it("lets the page run its own scripts and its inline theme script by hash, nothing else inline", async () => {
    const response = await fetch(`${bff.url}/stories/abc`);
    expect(await response.text()).toContain("<title>Storyloom</title>");
    const policy = policyOf(response);
    const hash = createHash("sha256").update(THEME_SCRIPT).digest("base64");
    expect(policy["script-src"]).toContain("'self'");
    expect(policy["script-src"]).toContain(`'sha256-${hash}'`);
    expect(policy["script-src"]?.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy["script-src-attr"]).toEqual(["'none'"]);
    expect(policy["style-src"]).toEqual(["'self'"]);
    expect(policy["font-src"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("lets the page reach Firebase Auth and, when configured, the Auth emulator", async () => {
    const emulator = `http://${inject("authEmulatorHost")}`;
    const policy = policyOf(await fetch(`${bff.url}/`));
    expect(policy["connect-src"]).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      emulator,
    ]);
    expect(policy["frame-src"]).toEqual([
      `https://${inject("firebaseProjectId")}.firebaseapp.com`,
      emulator,
    ]);
  });

  it("names the configured auth domain and no emulator in production", async () => {
    const policy = policyOf(await fetch(`${production.url}/`));
    expect(policy["connect-src"]).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
    ]);
    expect(policy["frame-src"]).toEqual(["https://login.storyloom.example"]);
  });
});

describe("the inline script hashes", () => {
  it("hash each inline script's text as the browser reads it, and no script with a src", () => {
    const sha256 = (text: string) =>
      `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const html =
      '<script>\r\n  a();\r\n</script><script type="module" src="/x.js"></script><SCRIPT id=b>b()</SCRIPT>';
    expect(inlineScriptHashes(html)).toEqual([sha256("\n  a();\n"), sha256("b()")]);
  });
});

describe("every answer of the BFF", () => {
  it("carries the policy, refuses framing and sniffing, and keeps the pop-up's opener", async () => {
    const answers = [
      await fetch(`${bff.url}/`),
      await fetch(`${bff.url}/assets/app-abc123.js`),
      await fetch(`${bff.url}/config.json`),
      await fetch(`${bff.url}/healthz`),
      await fetch(`${bff.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ __typename }" }),
      }),
      await fetch(`${bff.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      }),
      await fetch(`${bff.url}/media/not.a.picture`),
    ];
    for (const answer of answers) {
      expect(policyOf(answer)["frame-ancestors"], answer.url).toEqual(["'none'"]);
      expect(answer.headers.get("x-frame-options"), answer.url).toBe("DENY");
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), answer.url).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(answer.headers.get("cross-origin-opener-policy"), answer.url).toBe(
        "same-origin-allow-popups",
      );
      expect(answer.headers.get("x-powered-by"), answer.url).toBeNull();
    }
  });
});
