// Child processes with prefixed, readable output: used by `npm start` and the test harnesses.
import { spawn } from "node:child_process";

const colours = { auth: 35, api: 36, bff: 32, web: 33, test: 34 };
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

function prefix(name) {
  const label = `[${name}]`.padEnd(6);
  const colour = colours[name] ?? 37;
  return useColour ? `\u001b[${colour}m${label}\u001b[0m` : label;
}

// pino's JSON lines read poorly in a terminal: show "level message (method path status ms)".
const levelNames = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };
export function readableLogLine(line) {
  if (!line.startsWith("{")) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== "object" || entry === null || !("msg" in entry)) return line;
  const level = levelNames[entry.level] ?? entry.level ?? "info";
  const parts = [level === "info" ? "" : `${level}:`, entry.msg];
  const request = entry.req ?? {};
  const response = entry.res ?? {};
  if (request.method) parts.push(`${request.method} ${request.url ?? ""}`);
  if (response.statusCode) parts.push(String(response.statusCode));
  if (typeof entry.responseTime === "number") parts.push(`${entry.responseTime.toFixed(1)}ms`);
  if (entry.err?.message) parts.push(`- ${entry.err.message}`);
  return parts.filter(Boolean).join(" ");
}

/**
 * Spawns `command args` with each output line prefixed by `[name]`.
 * Resolves `ready` with the first match of `readyPattern` in its output.
 */
export function startProcess(name, command, args, { env, cwd, readyPattern, quiet } = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let tail = "";
  const onData = (chunk) => {
    tail = (tail + chunk).slice(-8000);
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      if (!quiet) process.stdout.write(`${prefix(name)} ${readableLogLine(line)}\n`);
      const match = readyPattern && line.match(readyPattern);
      if (match) resolveReady(match);
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  exited.then(({ code }) => rejectReady(new Error(`${name} exited with code ${code}\n${tail}`)));
  if (!readyPattern) resolveReady(null);
  return {
    name,
    child,
    ready,
    exited,
    output: () => tail,
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
