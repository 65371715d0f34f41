import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../platform/db/open-database.js";
import { migrate, readMigrations } from "../platform/db/migrate.js";
import { users } from "../platform/db/schema.js";
import { createEmptyDatabase, type CreatedDatabase } from "../testing/test-database.js";
import { runUserRole, USAGE } from "./user-role.js";

// The CLI opens the database the api would open from the same environment.
let created: CreatedDatabase;
let env: Record<string, string>;
beforeAll(async () => {
  created = await createEmptyDatabase(true);
  env =
    created.config.kind === "postgres"
      ? { DATABASE_URL: created.config.url }
      : { DATA_DIR: path.dirname(created.config.dataDir) };
  const database = await openDatabase(created.config);
  try {
    const migrations = await readMigrations();
    await database.withSession((session) => migrate(session, migrations));
    await database.db.insert(users).values({
      id: "u-mara",
      firebaseUid: "firebase-mara",
      email: "Mara@Example.com",
      username: "mara",
    });
  } finally {
    await database.close();
  }
});
afterAll(() => created?.remove());

async function rolesOfMara(): Promise<string[]> {
  const database = await openDatabase(created.config);
  try {
    const [row] = await database.db.select().from(users).where(eq(users.id, "u-mara"));
    return row?.roles ?? [];
  } finally {
    await database.close();
  }
}

describe("npm run user:role", () => {
  it("grants a role to the user with that e-mail, ignoring case, and takes it away with none", async () => {
    expect(await runUserRole(["mara@example.com", "admin"], env)).toBe(
      "mara (mara@example.com) is an admin now",
    );
    expect(await rolesOfMara()).toEqual(["admin"]);
    await runUserRole(["MARA@example.com", "moderator"], env);
    expect(await rolesOfMara()).toEqual(["moderator"]);
    expect(await runUserRole(["mara@example.com", "none"], env)).toBe(
      "mara (mara@example.com) has no moderation role now",
    );
    expect(await rolesOfMara()).toEqual([]);
  });

  it("says so in one line for an unknown e-mail", async () => {
    await expect(runUserRole(["nobody@example.com", "admin"], env)).rejects.toThrow(
      "no user with the e-mail nobody@example.com (they must sign in once first)",
    );
  });

  it("says so in one line for an unknown role, or missing arguments", async () => {
    await expect(runUserRole(["mara@example.com", "owner"], env)).rejects.toThrow(
      'unknown role "owner": use admin, moderator or none',
    );
    await expect(runUserRole(["mara@example.com"], env)).rejects.toThrow(USAGE);
  });

  // PGlite only: PostgreSQL serves any number of processes.
  if (!process.env.DATABASE_URL) {
    it("refuses to open the embedded database while it is open elsewhere (the api running)", async () => {
      const database = await openDatabase(created.config);
      try {
        await expect(runUserRole(["mara@example.com", "admin"], env)).rejects.toThrow(
          /the embedded database in .* is in use: stop the api first/,
        );
      } finally {
        await database.close();
      }
      expect(await rolesOfMara()).toEqual([]);
    });
  }
});
