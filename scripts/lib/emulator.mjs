// Starts the Firebase Auth emulator (firebase-tools, demo project: no login, no network needed).
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitForHttp } from "./ports.mjs";

export const DEMO_PROJECT_ID = "demo-storyloom";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * @param {{ port?: number, projectId?: string, dataDir?: string, onLine?: (line: string) => void }} [options]
 *   dataDir: import users from it when present and export them there on a clean stop.
 */
export async function startAuthEmulator(options = {}) {
  const port = options.port ?? (await freePort());
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  const configDir = mkdtempSync(path.join(tmpdir(), "storyloom-emulator-"));
  const configFile = path.join(configDir, "firebase.json");
  // The hub and the logging stream have fixed default ports (4400, 4500): a second emulator on the
  // machine (another checkout's tests, a running `npm start`) would make this one exit at start.
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: hubPort },
        logging: { host: "127.0.0.1", port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [
    "emulators:start",
    "--only",
    "auth",
    "--project",
    projectId,
    "--config",
    configFile,
  ];
  if (options.dataDir) {
    if (existsSync(path.join(options.dataDir, "firebase-export-metadata.json"))) {
      args.push("--import", options.dataDir);
    }
    args.push("--export-on-exit", options.dataDir);
  }
  const bin = path.join(root, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: configDir,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: process.env.CI ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  const onLine = options.onLine ?? (() => {});
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      output = (output + chunk).slice(-4000);
      for (const line of chunk.split("\n")) if (line.trim()) onLine(line);
    });
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const host = `127.0.0.1:${port}`;
  try {
    await Promise.race([
      // About 20 s on an idle machine; a loaded one (parallel suites on two cores) has been seen
      // to take over 100 s, so the wait is generous: a start that never answers still fails.
      waitForHttp(`http://${host}/`, 300_000),
      exited.then((code) => {
        throw new Error(`the Auth emulator exited (${code}) before it answered:\n${output}`);
      }),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }

  let stopped;
  return {
    host,
    projectId,
    url: `http://${host}`,
    /** Stops the emulator (SIGINT lets it export users when dataDir is set). */
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null) {
          child.kill("SIGINT");
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(configDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
