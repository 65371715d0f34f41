import type { Environment } from "@storyloom/common/env";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ConfigError } from "../config/api-config.js";
import type { DatabaseHandle, DatabaseTarget } from "../platform/db/database.js";
import { openDatabase } from "../platform/db/open-database.js";
import { migrate, readMigrations } from "../platform/db/migrate.js";
import { pgliteInUse } from "../platform/db/pglite-in-use.js";
import { loadLocalConfig } from "./local-config.js";
import { users } from "../platform/db/schema.js";
import { USER_ROLES, type UserRole } from "@storyloom/common";

// `npm run user:role -w api -- <email> admin|moderator|none`: grants or removes the moderation
// roles, which live in the database (users.roles; docs/operations.md#moderators-and-admins). It opens the
// database the api uses (DATABASE_URL, else PGlite in DATA_DIR) and answers in one line.

export const USAGE = "usage: npm run user:role -w api -- <email> admin|moderator|none";

/** A mistake of the caller or the setup, told in one line. */
export class UserRoleError extends Error {
  override name = "UserRoleError";
}

export type RoleChoice = UserRole | "none";

export function parseArguments(args: readonly string[]): { email: string; role: RoleChoice } {
  const [email, role, ...rest] = args;
  if (email === undefined || role === undefined || rest.length > 0) throw new UserRoleError(USAGE);
  if (role !== "none" && !(USER_ROLES as readonly string[]).includes(role)) {
    throw new UserRoleError(`unknown role "${role}": use admin, moderator or none`);
  }
  return { email: email.trim(), role: role as RoleChoice };
}

/** PGlite has one user: the api holding the folder open means the CLI must not open it too. */
export async function assertPgliteFree(config: DatabaseTarget): Promise<void> {
  if (config.kind !== "pglite" || !(await pgliteInUse(config.dataDir))) return;
  const pidFile = path.join(config.dataDir, "postmaster.pid");
  throw new UserRoleError(
    `the embedded database in ${config.dataDir} is in use: stop the api first (if none runs, a crash left ${pidFile} behind; delete it)`,
  );
}

/** Sets the user's roles; resolves to the username changed. */
export async function setUserRole(
  database: DatabaseHandle,
  email: string,
  role: RoleChoice,
): Promise<string> {
  const roles: UserRole[] = role === "none" ? [] : [role];
  const updated = await database.db
    .update(users)
    .set({ roles, updatedAt: sql`now()` })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning({ username: users.username });
  const [first] = updated;
  if (first === undefined) {
    throw new UserRoleError(`no user with the e-mail ${email} (they must sign in once first)`);
  }
  return first.username;
}

export async function runUserRole(args: readonly string[], env: Environment): Promise<string> {
  const { email, role } = parseArguments(args);
  let config;
  try {
    config = loadLocalConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UserRoleError(error.message);
    throw error;
  }
  await assertPgliteFree(config.database);
  const database = await openDatabase(config.database).catch((error: unknown) => {
    throw new UserRoleError(error instanceof Error ? error.message : String(error));
  });
  try {
    const migrations = await readMigrations();
    await database.withSession((session) => migrate(session, migrations));
    const username = await setUserRole(database, email, role);
    return role === "none"
      ? `${username} (${email}) has no moderation role now`
      : `${username} (${email}) is ${role === "admin" ? "an admin" : "a moderator"} now`;
  } finally {
    await database.close();
  }
}
