// A PostgreSQL server of a test's own, on a temporary data directory and a free port of 127.0.0.1,
// that the test may stop and start again (the outage test): initdb and pg_ctl from PG_BIN_DIR. PostgreSQL refuses to run as root; as root its commands run as the
// `postgres` user (runuser), which owns the directory.
import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { TEST_VARIABLES } from "./environment-variables.mjs";
import { freePort } from "./ports.mjs";

const run = promisify(execFile);
const SERVER_USER = "postgres";

const binary = (name) =>
  path.join(process.env.PG_BIN_DIR || TEST_VARIABLES.PG_BIN_DIR.default, name);

async function serverUser() {
  const { stdout: uid } = await run("id", ["-u", SERVER_USER]);
  const { stdout: gid } = await run("id", ["-g", SERVER_USER]);
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs one of PostgreSQL's programs, as the `postgres` user when this process is root. */
function asServer(name, args) {
  if (process.getuid?.() !== 0) return run(binary(name), args);
  return run("runuser", ["-u", SERVER_USER, "--", binary(name), ...args]);
}

/**
 * Creates and starts the server; resolves to its URL (user postgres, trust on 127.0.0.1), and
 * stop (fast shutdown: sessions end, committed work stays), start, and dispose.
 */
export async function startOwnPostgres() {
  const dir = mkdtempSync(path.join(tmpdir(), "storyloom-own-pg-"));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await serverUser();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  await asServer("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const log = path.join(dir, "server.log");
  const server = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () =>
      asServer("pg_ctl", ["-D", data, "-o", options, "-l", log, "-w", "-t", "60", "start"]),
    stop: () => asServer("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]),
    async dispose() {
      await server.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await server.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return server;
}
