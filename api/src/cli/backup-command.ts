import type { Environment } from "@storyloom/common/env";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../config/api-config.js";
import { BackupError, backupDatabase, restoreDatabase } from "../platform/db/database-backup.js";
import { openDatabase } from "../platform/db/open-database.js";
import { pgliteInUse } from "../platform/db/pglite-in-use.js";
import { loadLocalConfig } from "./local-config.js";

// `npm run backup [-- <folder>]` and `npm run restore -- <dump>` (docs/operations.md#backups): the
// database the api uses (DATABASE_URL, else PGlite in DATA_DIR), dumped into a folder with its
// manifest, or restored from a dump into a new database. One line on stdout, or one on stderr and
// exit code 1.

export const BACKUP_USAGE = "usage: npm run backup [-- <folder>]";
export const RESTORE_USAGE = "usage: npm run restore -- <backup file>";

/** Where backups go when no folder is named: beside the embedded database, for a developer. */
const DEFAULT_FOLDER = fileURLToPath(new URL("../../../.data/backups/", import.meta.url));

function configOf(env: Environment) {
  try {
    return loadLocalConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new BackupError(error.message);
    throw error;
  }
}

export async function runBackup(args: readonly string[], env: Environment): Promise<string> {
  if (args.length > 1) throw new BackupError(BACKUP_USAGE);
  const folder = path.resolve(args[0] ?? DEFAULT_FOLDER);
  const config = configOf(env);
  // PGlite serves one process: the api holding it must be stopped (the dump would be torn).
  if (config.database.kind === "pglite" && (await pgliteInUse(config.database.dataDir))) {
    throw new BackupError(
      `the embedded database in ${config.database.dataDir} is in use: stop the api first`,
    );
  }
  const database = await openDatabase(config.database).catch((error: unknown) => {
    throw new BackupError(error instanceof Error ? error.message : String(error));
  });
  try {
    const backup = await backupDatabase(
      database,
      config.database,
      folder,
      config.mediaStorage?.bucket ?? null,
    );
    return `backed up to ${backup.dump} (manifest: ${backup.manifest})`;
  } finally {
    await database.close();
  }
}

export async function runRestore(args: readonly string[], env: Environment): Promise<string> {
  const [dump, ...rest] = args;
  if (dump === undefined || rest.length > 0) throw new BackupError(RESTORE_USAGE);
  const config = configOf(env);
  await restoreDatabase(path.resolve(dump), config.database);
  const into =
    config.database.kind === "postgres" ? "the database of DATABASE_URL" : config.database.dataDir;
  return `restored ${dump} into ${into}`;
}

/** The entry points' end: the line on stdout, or the failure on stderr and exit code 1. */
export async function runCommand(
  name: string,
  command: (args: readonly string[], env: Environment) => Promise<string>,
): Promise<void> {
  try {
    process.stdout.write(`${await command(process.argv.slice(2), process.env)}\n`);
  } catch (error) {
    const message =
      error instanceof BackupError
        ? error.message
        : `failed: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`;
    process.stderr.write(`${name}: ${message}\n`);
    process.exit(1);
  }
}
