#!/usr/bin/env node
// Measures one api and one bff replica as docs/scaling.md reports them: the bff's memory per open
// graphql-ws socket (each with a story subscription, as a reader's page holds one), HAProxy's
// memory per socket it carries (the sockets go through it, as in the deployment), and the
// PostgreSQL connections one api process holds idle, under a burst of requests, and with the
// sockets open. Run from the repository root after `npm run build`:
//   node scripts/measure/replica.mjs [sockets=2000]
// It starts its own Auth emulator unless FIREBASE_AUTH_EMULATOR_HOST names one.
// Uses a fresh database on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// dropped at the end. Prints one JSON line per figure.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../lib/auth-emulator-client.mjs";
import { localHaproxyConfig, haproxyStats } from "../lib/haproxy-config.mjs";
import { startAuthEmulator } from "../lib/emulator.mjs";
import { TEST_VARIABLES } from "../lib/environment-variables.mjs";
import { freePort } from "../lib/ports.mjs";
import { startProcess } from "../lib/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverUrl = process.env.TEST_DATABASE_URL || TEST_VARIABLES.TEST_DATABASE_URL.default;
const ownEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ? null : await startAuthEmulator();
const emulatorHost = ownEmulator?.host ?? process.env.FIREBASE_AUTH_EMULATOR_HOST;
const projectId = ownEmulator?.projectId ?? process.env.FIREBASE_PROJECT_ID;
const socketCount = Number(process.argv[2] ?? 2000);
const name = `storyloom_measure_${randomBytes(5).toString("hex")}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function sql(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
const connections = async () =>
  Number(
    (await sql(serverUrl, "select count(*) from pg_stat_activity where datname = $1", [name]))[0]
      .count,
  );
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
const report = (figure) => console.log(JSON.stringify(figure));

await sql(serverUrl, `create database ${name}`);
const apiPort = await freePort();
const bffPort = await freePort();
const sitePort = await freePort();
const innerPort = await freePort();
const statsPort = await freePort();
const dir = mkdtempSync(path.join(tmpdir(), "storyloom-measure-"));
writeFileSync(
  path.join(dir, "haproxy.cfg"),
  localHaproxyConfig({
    sitePort,
    apiPort: innerPort,
    statsPort,
    bffPorts: [bffPort],
    apiPorts: [apiPort],
  }),
);
const haproxy = startProcess("haproxy", "haproxy", ["-db", "-f", path.join(dir, "haproxy.cfg")], {
  quiet: true,
});
const env = {
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: projectId,
  METRICS_PORT: "0",
};
const api = startProcess("api", process.execPath, [path.join(root, "api/dist/main.js")], {
  env: {
    ...env,
    DATABASE_URL: databaseUrl,
    API_PORT: String(apiPort),
    LOG_LEVEL: "warn",
    ANONYMOUS_REQUESTS_PER_MINUTE: "0",
    STORY_WRITER_PACE_MS: "0",
  },
  readyPattern: /listening on/,
  quiet: true,
});
const bff = startProcess("bff", process.execPath, [path.join(root, "bff/dist/main.js")], {
  env: {
    ...env,
    BFF_PORT: String(bffPort),
    API_URL: `http://127.0.0.1:${innerPort}`,
    CLIENT_DIST: "",
    WS_MAX_SOCKETS_PER_ADDRESS: "1000000",
    WS_MAX_SOCKETS_PER_USER: "100000",
  },
  readyPattern: /bff listening/,
  quiet: true,
});
const sockets = [];
try {
  await api.ready;
  await bff.ready;
  const site = `http://127.0.0.1:${sitePort}`;
  for (;;) {
    const rows = await haproxyStats(statsPort);
    if (rows["bff/bff1"]?.status === "UP" && rows["api/api1"]?.status === "UP") break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { idToken } = await signUp(emulatorHost, uniqueEmail("measure"));
  const started = await (
    await fetch(`${site}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
      body: JSON.stringify({
        query: `mutation($input: StartStoryGenerationInput!) { startStoryGeneration(input: $input) { publicId } }`,
        variables: { input: { title: "Measured", outline: "A keeper and a storm." } },
      }),
    })
  ).json();
  const publicId = started.data.startStoryGeneration.publicId;
  report({ figure: "postgres connections of one api process, idle", value: await connections() });

  // A burst: 200 requests at once, each a database read.
  let peak = 0;
  const sampling = setInterval(async () => (peak = Math.max(peak, await connections())), 5);
  await Promise.all(
    Array.from({ length: 200 }, () =>
      fetch(`http://127.0.0.1:${apiPort}/v1/stories/${publicId}`, {
        headers: { authorization: `Bearer ${idToken}` },
      }).then((response) => response.arrayBuffer()),
    ),
  );
  clearInterval(sampling);
  report({
    figure: "postgres connections of one api process, 200 requests at once (peak)",
    value: peak,
  });

  const before = rssMb(bff.child.pid);
  const haproxyBefore = rssMb(haproxy.child.pid);
  const startedAt = Date.now();
  const opened = async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${sitePort}/graphql`, "graphql-transport-ws");
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once("error", reject);
      socket.once("open", () =>
        socket.send(
          JSON.stringify({
            type: "connection_init",
            payload: { authorization: `Bearer ${idToken}` },
          }),
        ),
      );
      socket.on("message", (data) => {
        const message = JSON.parse(String(data));
        if (message.type === "connection_ack") {
          socket.send(
            JSON.stringify({
              id: "1",
              type: "subscribe",
              payload: {
                query: "subscription($id: ID!) { storyGeneration(publicId: $id) { status seq } }",
                variables: { id: publicId },
              },
            }),
          );
        } else if (message.type === "next") resolve();
        else if (message.type === "error") reject(new Error(String(data)));
      });
    });
  };
  for (let index = 0; index < socketCount; index += 100) {
    await Promise.all(Array.from({ length: Math.min(100, socketCount - index) }, opened));
  }
  const seconds = (Date.now() - startedAt) / 1000;
  const after = rssMb(bff.child.pid);
  const haproxyAfter = rssMb(haproxy.child.pid);
  report({
    figure: "bff memory per graphql-ws socket with one story subscription (KiB)",
    sockets: socketCount,
    rssBeforeMb: Math.round(before),
    rssAfterMb: Math.round(after),
    value: Math.round(((after - before) * 1024) / socketCount),
    opensPerSecond: Math.round(socketCount / seconds),
  });
  report({
    figure: "HAProxy memory per graphql-ws socket it carries (KiB)",
    sockets: socketCount,
    rssBeforeMb: Math.round(haproxyBefore),
    rssAfterMb: Math.round(haproxyAfter),
    value: Math.round(((haproxyAfter - haproxyBefore) * 1024) / socketCount),
  });
  report({
    figure: `postgres connections of one api process with ${socketCount} sockets open on the bff`,
    value: await connections(),
  });
} finally {
  for (const socket of sockets) socket.terminate();
  await bff.stop();
  await api.stop();
  await haproxy.stop();
  await ownEmulator?.stop();
  rmSync(dir, { recursive: true, force: true });
  await sql(serverUrl, `drop database if exists ${name} with (force)`);
}
