#!/usr/bin/env node
// `npm start` / `npm run dev`: the Auth emulator, the api and the bff (and Vite with --dev) in one
// terminal, with prefixed logs and a clean shutdown on Ctrl-C.
import path from "node:path";
import { createECDH } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isPortFree } from "./lib/ports.mjs";
import { startAuthEmulator, DEMO_PROJECT_ID } from "./lib/emulator.mjs";
import { START_VARIABLES } from "./lib/environment-variables.mjs";
import { startProcess } from "./lib/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const env = process.env;

function fail(message) {
  console.error(`storyloom: ${message}`);
  process.exit(1);
}

function port(name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    fail(`${name} must be an integer 1-65535, got "${raw}"`);
  }
  return value;
}

const host = "127.0.0.1";
const ports = {
  auth: port("AUTH_EMULATOR_PORT", START_VARIABLES.AUTH_EMULATOR_PORT.default),
  api: port("API_PORT", 8080),
  bff: port("BFF_PORT", 4000),
  ...(dev && { web: port("CLIENT_DEV_PORT", START_VARIABLES.CLIENT_DEV_PORT.default) }),
};
const portVariable = {
  auth: "AUTH_EMULATOR_PORT",
  api: "API_PORT",
  bff: "BFF_PORT",
  web: "CLIENT_DEV_PORT",
};
// A real Firebase project (FIREBASE_API_KEY set) needs no emulator.
const useEmulator = !env.FIREBASE_API_KEY;
if (!useEmulator) delete ports.auth;

for (const [name, value] of Object.entries(ports)) {
  if (!(await isPortFree(value, host))) {
    fail(
      `port ${value} (${name}) on ${host} is already in use; stop what uses it or set ${portVariable[name]}`,
    );
  }
}

const dataDir = path.resolve(root, env.DATA_DIR || ".data");
mkdirSync(dataDir, { recursive: true });
const projectId = env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;

/**
 * Web push's VAPID keys (docs/decisions/063-web-push.md): the configured ones, else a demo pair
 * made once and kept in DATA_DIR, so a browser's subscription survives a restart.
 */
function vapidVariables() {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) return {};
  const file = path.join(dataDir, "vapid-demo-keys.json");
  if (!existsSync(file)) {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const keys = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"),
      VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey("hex").padStart(64, "0"), "hex").toString(
        "base64url",
      ),
    };
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return {
    ...JSON.parse(readFileSync(file, "utf8")),
    VAPID_SUBJECT: env.VAPID_SUBJECT || "mailto:demo@storyloom.invalid",
  };
}
const running = [];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log("\nstoryloom: stopping…");
  for (const proc of running.reverse()) await proc.stop().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

function watch(proc) {
  running.push(proc);
  proc.exited.then(({ code }) => {
    if (!stopping) {
      console.error(
        `storyloom: ${proc.name} stopped unexpectedly (exit code ${code}); shutting down`,
      );
      void stopAll(1);
    }
  });
  return proc;
}

try {
  const shared = { FIREBASE_PROJECT_ID: projectId };
  if (useEmulator) {
    console.log("storyloom: starting the Firebase Auth emulator (about 20 s)…");
    const emulator = await startAuthEmulator({
      port: ports.auth,
      projectId,
      dataDir: path.join(dataDir, "auth-emulator"),
    });
    running.push({ name: "auth", stop: () => emulator.stop() });
    shared.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    console.log(`storyloom: Auth emulator ready on http://${emulator.host} (project ${projectId})`);
  }

  const api = watch(
    startProcess("api", process.execPath, [path.join(root, "api/dist/main.js")], {
      env: {
        ...shared,
        ...vapidVariables(),
        API_HOST: host,
        API_PORT: String(ports.api),
        DATA_DIR: dataDir,
      },
      cwd: root,
      readyPattern: /listening on (http:\/\/\S+)/,
    }),
  );
  const [, apiUrl] = await api.ready;

  const bff = watch(
    startProcess("bff", process.execPath, [path.join(root, "bff/dist/main.js")], {
      env: { ...shared, BFF_HOST: host, BFF_PORT: String(ports.bff), API_URL: apiUrl },
      cwd: root,
      readyPattern: /listening on (http:\/\/\S+)/,
    }),
  );
  const [, bffUrl] = await bff.ready;

  let openUrl = bffUrl;
  if (dev) {
    const vite = watch(
      startProcess(
        "web",
        process.execPath,
        [path.join(root, "node_modules/vite/bin/vite.js"), "--strictPort"],
        {
          env: { BFF_PORT: String(ports.bff), CLIENT_DEV_PORT: String(ports.web) },
          cwd: path.join(root, "client"),
          readyPattern: /Local:\s+(http:\/\/\S+)/,
        },
      ),
    );
    [, openUrl] = await vite.ready;
  }
  console.log(`\n  Storyloom is running. Open ${openUrl.replace(/\/$/, "")}/ in your browser.`);
  console.log("  Press Ctrl-C to stop.\n");
} catch (error) {
  console.error(`storyloom: start-up failed: ${error.message.split("\n")[0]}`);
  await stopAll(1);
}
