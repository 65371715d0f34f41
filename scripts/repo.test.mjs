import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./lib/ports.mjs";
import { readableLogLine } from "./lib/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);

const children = new Set();
afterEach(() => {
  // A start that did not stop by itself (a failed test) is not left running.
  for (const child of children) child.kill("SIGKILL");
  children.clear();
});

/**
 * `npm start`'s script with `env`, each of its ports a free one unless `env` names it: a developer's
 * own `npm start` (or anything else on the default ports) never changes what these tests see.
 */
async function startScript(env) {
  const ports = {
    AUTH_EMULATOR_PORT: String(await freePort()),
    API_PORT: String(await freePort()),
    BFF_PORT: String(await freePort()),
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
      env: { ...process.env, FIREBASE_API_KEY: "", ...ports, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("npm start", () => {
  it("refuses a taken port with one clear line", async () => {
    const blocker = net.createServer().listen(0, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    const taken = blocker.address().port;
    try {
      const result = await startScript({ API_PORT: String(taken) });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([
        `storyloom: port ${taken} (api) on 127.0.0.1 is already in use; stop what uses it or set API_PORT`,
      ]);
    } finally {
      blocker.close();
    }
  });

  it("refuses an invalid variable with one clear line", async () => {
    const result = await startScript({ BFF_PORT: "forty" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'storyloom: BFF_PORT must be an integer 1-65535, got "forty"',
    );
  });
});

describe("log lines", () => {
  it("shows a pino request line as level, message, request and timing", () => {
    const line = JSON.stringify({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/v1/health" },
      res: { statusCode: 200 },
      responseTime: 1.234,
    });
    expect(readableLogLine(line)).toBe("request completed GET /v1/health 200 1.2ms");
    expect(readableLogLine(JSON.stringify({ level: 50, msg: "boom" }))).toBe("error: boom");
    expect(readableLogLine("plain text")).toBe("plain text");
  });
});

describe("docker/compose.yml", () => {
  it("is a valid compose file", async () => {
    const env = {
      ...process.env,
      POSTGRES_PASSWORD: "example",
      FIREBASE_PROJECT_ID: "example-project",
      FIREBASE_API_KEY: "example-key",
      READ_HASH_SECRET: "example-secret",
      FIREBASE_SERVICE_ACCOUNT_FILE: path.join(root, "package.json"),
      STRIPE_SECRET_KEY: "sk_test_example",
      STRIPE_WEBHOOK_SECRET: "whsec_example",
      GRAFANA_ADMIN_PASSWORD: "example-password",
    };
    const { stdout } = await run("docker-compose", ["-f", "docker/compose.yml", "config"], {
      cwd: root,
      env,
    });
    expect(stdout).toContain("DATABASE_URL: postgres://storyloom:example@postgres:5432/storyloom");
    expect(stdout).toMatch(/bff:[\s\S]*API_URL: http:\/\/balancer:8080/);
  });
});

describe("README", () => {
  it("shows the two commands", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });

  it("stays a map: short, with the reference in docs/", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    for (const document of ["configuration", "operations", "benchmarks", "product", "graphql"]) {
      expect(readme).toContain(`](docs/${document}.md)`);
    }
  });
});

describe(".npmrc", () => {
  it("makes a dependency that needs a newer Node fail at install", () => {
    expect(readFileSync(path.join(root, ".npmrc"), "utf8")).toMatch(/^engine-strict=true$/m);
  });
});
