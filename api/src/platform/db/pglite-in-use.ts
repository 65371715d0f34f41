import { existsSync } from "node:fs";
import { readdir, readlink } from "node:fs/promises";
import path from "node:path";

/**
 * Whether a process (this one included) has the embedded database in `dataDir` open. PGlite does
 * not lock its folder, so a second process opening it (seed, user:role beside a running api) would
 * corrupt it. An open PGlite keeps postmaster.pid there and its files open: on Linux /proc tells
 * whether any process still does, so a pid file a crash left behind does not count.
 */
export async function pgliteInUse(dataDir: string): Promise<boolean> {
  if (!existsSync(path.join(dataDir, "postmaster.pid"))) return false;
  let processes: string[];
  try {
    processes = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  } catch {
    // No /proc: the pid file alone says a process has it open (or crashed holding it).
    return true;
  }
  const prefix = `${path.resolve(dataDir)}${path.sep}`;
  for (const pid of processes) {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      if (target.startsWith(prefix)) return true;
    }
  }
  return false;
}
