import type { UserRole } from "@storyloom/common";
import { and, eq, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { isUniqueViolation } from "../platform/db/postgres-errors.js";
import { users, type UserRecord } from "../platform/db/schema.js";

export type NewUser = Pick<
  UserRecord,
  "firebaseUid" | "email" | "username" | "displayName" | "avatarUrl"
>;

export type ProfileChanges = Partial<
  Pick<UserRecord, "username" | "displayName" | "avatarUrl" | "bio" | "theme" | "readerFont">
>;

/** The one-way consent and age flags, each set once. */
export type ConsentFlag = "ageVerifiedAt" | "tosAcceptedAt" | "privacyPolicyAcceptedAt";

/** Thrown by updateProfile when another user holds the username (ignoring case). */
export class UsernameTakenError extends Error {
  override name = "UsernameTakenError";
}

const USERNAME_INDEX = "users_username_lower_key";

export class UsersQueries {
  constructor(private readonly db: Database) {}

  async findByFirebaseUid(firebaseUid: string): Promise<UserRecord | null> {
    const [user] = await this.db.select().from(users).where(eq(users.firebaseUid, firebaseUid));
    return user ?? null;
  }

  /**
   * Inserts the user unless a row already holds its Firebase uid or its username; resolves to the
   * new row, or null when either was taken (the caller finds out which). No exception, so a race
   * between two first requests of the same person costs no aborted transaction.
   */
  async insertIfAbsent(user: NewUser): Promise<UserRecord | null> {
    const [created] = await this.db
      .insert(users)
      .values({ id: nanoid(), ...user })
      .onConflictDoNothing()
      .returning();
    return created ?? null;
  }

  /** The usernames `base` and `base_<anything>` already in use, lower-cased. */
  async usernamesLike(base: string): Promise<Set<string>> {
    const prefix = `${base.replace(/[\\%_]/g, "\\$&")}\\_%`;
    const rows = await this.db
      .select({ username: sql<string>`lower(${users.username})` })
      .from(users)
      .where(sql`lower(${users.username}) = ${base} or lower(${users.username}) like ${prefix}`);
    return new Set(rows.map((row) => row.username));
  }

  async updateEmail(id: string, email: string): Promise<UserRecord | null> {
    return this.updateOne(id, { email });
  }

  async updateProfile(id: string, changes: ProfileChanges): Promise<UserRecord | null> {
    try {
      return await this.updateOne(id, changes);
    } catch (error) {
      if (isUniqueViolation(error, USERNAME_INDEX)) {
        throw new UsernameTakenError(`username ${changes.username} is taken`, { cause: error });
      }
      throw error;
    }
  }

  /** Sets the flag to now unless it is set already: the first acceptance is the one that counts. */
  async setFlagOnce(id: string, flag: ConsentFlag): Promise<UserRecord | null> {
    const column = users[flag];
    const [user] = await this.db
      .update(users)
      .set({ [flag]: sql`coalesce(${column}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return user ?? null;
  }

  /** Adds `role` to the user's roles; null when they had it already (or the row is gone). */
  async addRole(id: string, role: UserRole): Promise<UserRecord | null> {
    const [user] = await this.db
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, ${role})`, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), sql`not (${role} = any(${users.roles}))`))
      .returning();
    return user ?? null;
  }

  /** Deletes the row; rows of other tables referencing it go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return deleted.length > 0;
  }

  private async updateOne(
    id: string,
    changes: Partial<Omit<UserRecord, "id">>,
  ): Promise<UserRecord | null> {
    const [user] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return user ?? null;
  }
}
