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
import { createApiMetrics } from "../api/dist/platform/observability/api-metrics.js";
import { createBffMetrics } from "../bff/dist/metrics.js";
import { DEFAULT_API_METRICS_PORT } from "../api/dist/config/api-config.js";
import { DEFAULT_BFF_METRICS_PORT } from "../bff/dist/config.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);

const required = {
  POSTGRES_PASSWORD: "example",
  FIREBASE_PROJECT_ID: "example-project",
  FIREBASE_API_KEY: "example-key",
  READ_HASH_SECRET: "example-secret",
  FIREBASE_SERVICE_ACCOUNT_FILE: path.join(root, "package.json"),
  STRIPE_SECRET_KEY: "sk_test_example",
  STRIPE_WEBHOOK_SECRET: "whsec_example",
  GRAFANA_ADMIN_PASSWORD: "example-password",
};

/** `address:port` a compose port is published on (`*`: every address), long or short syntax. */
function publishedAddress(port) {
  if (typeof port !== "string") return `${port.host_ip ?? "*"}:${port.published}`;
  const parts = port.replace(/\/\w+$/, "").split(":");
  return parts.length === 3 ? `${parts[0]}:${parts[1]}` : `*:${parts[0]}`;
}

async function composeConfig(env) {
  const { stdout } = await run("docker-compose", ["-f", "docker/compose.yml", "config"], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return parse(stdout);
}

describe("docker/compose.yml, scaled", () => {
  it("publishes the balancer's port only (Grafana's on loopback), so every replica scales with --scale", async () => {
    const { services } = await composeConfig(required);
    expect(Object.keys(services).sort()).toEqual([
      "api",
      "balancer",
      "bff",
      "grafana",
      "postgres",
      "prometheus",
      "worker",
    ]);
    const published = Object.entries(services)
      .filter(([, service]) => service.ports?.length)
      .map(([name, service]) => [name, service.ports.map(publishedAddress)]);
    expect(published).toEqual([
      ["balancer", ["*:4000"]],
      ["grafana", ["127.0.0.1:3000"]],
    ]);
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

  it("passes Stripe to the api and the workers, which refuse production without it", async () => {
    const { services } = await composeConfig(required);
    for (const name of ["api", "worker"]) {
      expect(services[name].environment).toMatchObject({
        STRIPE_SECRET_KEY: "sk_test_example",
        STRIPE_WEBHOOK_SECRET: "whsec_example",
        STRIPE_API_BASE: "",
      });
    }
    expect(services.bff.environment.STRIPE_SECRET_KEY).toBeUndefined();
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
      await expect(composeConfig({ ...required, [name]: "" })).rejects.toThrow(
        new RegExp(`set ${name}`),
      );
    }
  });

  it("gives PostgreSQL shared buffers that hold the search table, 1 GB unless told", async () => {
    const setting = (command) => command.find((argument) => argument.startsWith("shared_buffers="));
    const { services } = await composeConfig(required);
    expect(setting(services.postgres.command)).toBe("shared_buffers=1GB");
    expect(services.postgres.command).toContain("max_connections=200");
    const sized = await composeConfig({ ...required, POSTGRES_SHARED_BUFFERS: "4GB" });
    expect(setting(sized.services.postgres.command)).toBe("shared_buffers=4GB");
  });

  it("refuses to start without the shared read-hash secret", async () => {
    await expect(composeConfig({ ...required, READ_HASH_SECRET: "" })).rejects.toThrow(
      /set READ_HASH_SECRET/,
    );
  });
});

describe("metrics in docker/compose.yml", () => {
  const readYaml = (file) => parse(readFileSync(path.join(root, "docker", file), "utf8"));
  /** A service's mounts, target to source (compose writes them as `source:target:mode`). */
  const mountsOf = (service) =>
    Object.fromEntries(
      service.volumes.map((volume) => {
        const [source, target, mode] = volume.split(":");
        return [target, { source, mode }];
      }),
    );

  it("has Prometheus scrape every replica of each tier on its metrics port, opened to the network only", async () => {
    const { services } = await composeConfig(required);
    const { scrape_configs: jobs } = readYaml("prometheus.yml");
    const ports = {
      api: DEFAULT_API_METRICS_PORT,
      worker: DEFAULT_API_METRICS_PORT,
      bff: DEFAULT_BFF_METRICS_PORT,
    };
    expect(jobs.map((job) => job.job_name).sort()).toEqual(Object.keys(ports).sort());
    for (const job of jobs) {
      const service = services[job.job_name];
      expect(job.dns_sd_configs).toEqual([
        { names: [job.job_name], type: "A", port: ports[job.job_name] },
      ]);
      expect(service.environment.METRICS_HOST).toBe("0.0.0.0");
      expect(service.environment.METRICS_PORT).toBeUndefined();
      expect(service.ports).toBeUndefined();
    }
    expect(mountsOf(services.prometheus)["/etc/prometheus/prometheus.yml"]).toEqual({
      source: path.join(root, "docker/prometheus.yml"),
      mode: "ro",
    });
  });

  it("provisions Grafana with Prometheus and the dashboard, and a required admin password", async () => {
    const { services } = await composeConfig(required);
    const mounts = mountsOf(services.grafana);
    expect(mounts["/etc/grafana/provisioning"]).toEqual({
      source: path.join(root, "docker/grafana/provisioning"),
      mode: "ro",
    });
    expect(mounts["/etc/grafana/dashboards"]).toEqual({
      source: path.join(root, "docker/grafana/dashboards"),
      mode: "ro",
    });
    const { datasources } = readYaml("grafana/provisioning/datasources/prometheus.yml");
    expect(datasources).toMatchObject([{ type: "prometheus", url: "http://prometheus:9090" }]);
    const { providers } = readYaml("grafana/provisioning/dashboards/storyloom.yml");
    expect(providers).toMatchObject([
      { type: "file", options: { path: "/etc/grafana/dashboards" } },
    ]);
    expect(services.grafana.environment.GF_AUTH_ANONYMOUS_ENABLED).toBe("false");
    await expect(composeConfig({ ...required, GRAFANA_ADMIN_PASSWORD: "" })).rejects.toThrow(
      /set GRAFANA_ADMIN_PASSWORD/,
    );
  });

  it("has a dashboard whose every query names series the api, the worker and the bff export", async () => {
    const dashboard = JSON.parse(
      readFileSync(path.join(root, "docker/grafana/dashboards/storyloom.json"), "utf8"),
    );
    const exported = new Set();
    for (const { registry } of [createApiMetrics(), createBffMetrics()]) {
      for (const metric of await registry.getMetricsAsJSON()) exported.add(metric.name);
    }
    const panels = dashboard.panels.filter((panel) => panel.type !== "row");
    const { datasources } = readYaml("grafana/provisioning/datasources/prometheus.yml");
    const used = new Set();
    for (const panel of panels) {
      expect(panel.datasource.uid).toBe(datasources[0].uid);
      for (const target of panel.targets) {
        for (const [name] of target.expr.matchAll(/storyloom_[a-z0-9_]+/g)) used.add(name);
      }
    }
    const unknown = [...used].filter(
      (name) => !exported.has(name.replace(/_(bucket|sum|count)$/, "")),
    );
    expect(unknown).toEqual([]);
    // Each of the subjects has a panel: requests, GraphQL, sockets, queue, jobs, pool,
    // caches, refusals.
    for (const name of [
      "storyloom_http_requests_total",
      "storyloom_graphql_operations_total",
      "storyloom_graphql_upstream_calls_sum",
      "storyloom_websockets_open",
      "storyloom_websocket_subscriptions",
      "storyloom_live_sockets",
      "storyloom_story_queue_depth",
      "storyloom_story_queue_oldest_waiting_seconds",
      "storyloom_generation_duration_seconds_bucket",
      "storyloom_db_pool_connections",
      "storyloom_cache_lookups_total",
      "storyloom_rate_limit_refusals_total",
    ]) {
      expect(used).toContain(name);
    }
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
