// The scaled deployment's files, checked without a Docker daemon: docker/compose.yml through
// Debian's docker-compose, docker/haproxy.cfg through haproxy -c (docs/decisions/027).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEPLOYED_CONFIG, localHaproxyConfig } from "./lib/haproxy-config.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);

const required = {
  POSTGRES_PASSWORD: "example",
  FIREBASE_PROJECT_ID: "example-project",
  FIREBASE_API_KEY: "example-key",
  READ_HASH_SECRET: "example-secret",
  FIREBASE_SERVICE_ACCOUNT_FILE: path.join(root, "package.json"),
};

async function composeConfig(env) {
  const { stdout } = await run("docker-compose", ["-f", "docker/compose.yml", "config"], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return parse(stdout);
}

describe("docker/compose.yml, scaled", () => {
  it("publishes the balancer's port only, so every replica service scales with --scale", async () => {
    const { services } = await composeConfig(required);
    expect(Object.keys(services).sort()).toEqual(["api", "balancer", "bff", "postgres", "worker"]);
    const published = Object.entries(services)
      .filter(([, service]) => service.ports?.length)
      .map(([name, service]) => [name, service.ports.map((port) => `${port.published}`)]);
    expect(published).toEqual([["balancer", ["4000"]]]);
    for (const name of ["api", "bff", "worker"]) {
      expect({ name, container_name: services[name].container_name }).toEqual({
        name,
        container_name: undefined,
      });
    }
    expect(services.balancer.image).toMatch(/^haproxy:/);
    expect(services.balancer.volumes).toContain(
      `${path.join(root, "docker/haproxy.cfg")}:/usr/local/etc/haproxy/haproxy.cfg:ro`,
    );
  });

  it("runs no story workers in the api replicas and K worker processes beside them", async () => {
    const { services } = await composeConfig({ ...required, WORKER_CONCURRENCY: "3" });
    expect(services.api.environment.STORY_WORKERS).toBe("0");
    expect(services.worker.command).toEqual(["node", "api/dist/worker-main.js"]);
    expect(services.worker.environment.STORY_WORKERS).toBe("3");
    expect(services.worker.environment.DATABASE_URL).toBe(services.api.environment.DATABASE_URL);
    expect(services.worker.environment.READ_HASH_SECRET).toBe("example-secret");
  });

  it("sends the bffs to the api replicas through the balancer and trusts only the network", async () => {
    const { services } = await composeConfig(required);
    expect(services.bff.environment.API_URL).toBe("http://balancer:8080");
    for (const name of ["api", "bff"]) {
      expect(services[name].environment.TRUSTED_PROXIES).toBe("loopback, uniquelocal");
      expect(services[name].environment.DRAIN_TIMEOUT_MS).toBe("10000");
    }
  });

  it("gives the api replicas and the workers the same picture bucket, and none by default", async () => {
    const bucket = {
      MEDIA_S3_BUCKET: "storyloom-pictures",
      MEDIA_S3_REGION: "auto",
      MEDIA_S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      MEDIA_PUBLIC_BASE_URL: "https://pictures.example.com",
    };
    const { services } = await composeConfig({ ...required, ...bucket });
    for (const name of ["api", "worker"]) {
      expect(services[name].environment).toMatchObject(bucket);
    }
    const unset = await composeConfig(required);
    expect(unset.services.api.environment.MEDIA_S3_BUCKET).toBe("");
    expect(unset.services.worker.environment.MEDIA_S3_BUCKET).toBe("");
  });

  it("refuses to start without the shared read-hash secret", async () => {
    await expect(composeConfig({ ...required, READ_HASH_SECRET: "" })).rejects.toThrow(
      /set READ_HASH_SECRET/,
    );
  });
});

describe("docker/haproxy.cfg", () => {
  it("is valid for HAProxy as deployed, and as the many-process test runs it", async () => {
    const deployed = await run("haproxy", ["-c", "-f", DEPLOYED_CONFIG]);
    expect(deployed.stdout).toContain("Configuration file is valid");
    const dir = mkdtempSync(path.join(tmpdir(), "storyloom-haproxy-"));
    try {
      const file = path.join(dir, "haproxy.cfg");
      writeFileSync(
        file,
        localHaproxyConfig({
          sitePort: 40001,
          apiPort: 40002,
          statsPort: 40003,
          bffPorts: [40004, 40005],
          apiPorts: [40006, 40007],
        }),
      );
      const local = await run("haproxy", ["-c", "-f", file]);
      expect(local.stdout).toContain("Configuration file is valid");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("drops a client's own X-Forwarded-For at the edge and health-checks readiness", async () => {
    const text = readFileSync(DEPLOYED_CONFIG, "utf8");
    const site = text.slice(text.indexOf("frontend site"), text.indexOf("backend bff"));
    expect(site).toMatch(/http-request del-header X-Forwarded-For\n\s+option forwardfor/);
    expect(text).toContain("option httpchk GET /readyz");
    expect(text).toContain("option httpchk GET /v1/health/ready");
  });
});
