// The deployment's HAProxy configuration (docker/haproxy.cfg) made to run as a local process, for
// the many-process test: the same sections, with fixed servers on 127.0.0.1 instead of Docker's
// DNS, quicker health checks, a header naming the bff that answered, and a stats listener.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEPLOYED_CONFIG = path.join(root, "docker/haproxy.cfg");

function replaceOnce(text, search, replacement) {
  if (!text.includes(search)) {
    throw new Error(`docker/haproxy.cfg no longer has "${search}": update haproxy-config.mjs`);
  }
  return text.replace(search, replacement);
}

/**
 * @param {{ sitePort: number, apiPort: number, statsPort: number, bffPorts: number[],
 *   apiPorts: number[], checkIntervalMs?: number }} options
 */
export function localHaproxyConfig(options) {
  const interval = options.checkIntervalMs ?? 300;
  const servers = (name, ports) =>
    ports.map((port, index) => `  server ${name}${index + 1} 127.0.0.1:${port}`).join("\n");
  let text = readFileSync(DEPLOYED_CONFIG, "utf8");
  text = text.replace(/^resolvers docker\n(?: .*\n)*/m, "");
  text = replaceOnce(text, "maxconn 50000", "maxconn 4096");
  text = replaceOnce(text, "bind :4000", `bind 127.0.0.1:${options.sitePort}`);
  text = replaceOnce(text, "bind :8080", `bind 127.0.0.1:${options.apiPort}`);
  for (let count = 0; count < 2; count += 1) {
    text = replaceOnce(
      text,
      "default-server check inter 2s fall 2 rise 2 resolvers docker init-addr none",
      `default-server check inter ${interval} fall 1 rise 1`,
    );
  }
  text = replaceOnce(
    text,
    "  server-template bff 32 bff:4000",
    `${servers("bff", options.bffPorts)}\n  http-response set-header X-Served-By %s`,
  );
  text = replaceOnce(text, "  server-template api 32 api:8080", servers("api", options.apiPorts));
  return `${text}
listen stats
  bind 127.0.0.1:${options.statsPort}
  stats enable
  stats uri /stats
`;
}

/** The stats page's CSV as rows keyed by proxy/server name ("bff/bff1"). */
export async function haproxyStats(statsPort) {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  const [header, ...lines] = csv.trim().split("\n");
  const names = header.replace(/^# /, "").split(",");
  const rows = {};
  for (const line of lines) {
    const values = line.split(",");
    const row = Object.fromEntries(names.map((name, index) => [name, values[index]]));
    rows[`${row.pxname}/${row.svname}`] = row;
  }
  return rows;
}
