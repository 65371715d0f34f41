import type { UserRole } from "@storyloom/common";
import { and, eq, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { isUniqueViolation } from "../platform/db/postgres-errors.js";
import { deletedAccounts, users, type UserRecord } from "../platform/db/schema.js";

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

/** Rolls back a profile inserted for a deleted account's uid. */
class AccountDeletedError extends Error {
  override name = "AccountDeletedError";
}

export class UsersQueries {
  constructor(private readonly db: Database) {}

  async findByFirebaseUid(firebaseUid: string): Promise<UserRecord | null> {
    const [user] = await this.db.select().from(users).where(eq(users.firebaseUid, firebaseUid));
    return user ?? null;
  }

  /**
   * Inserts the user unless a row already holds its Firebase uid or its username, or the uid is of
   * a deleted account (migration 0012); resolves to the new row, or null when none was inserted
   * (the caller finds out why). A lost race costs no exception. The tombstone is read after the
   * insert in its transaction: a deletion that removed the uid's row commits before the insert
   * can go on, so its tombstone is seen and the insert rolled back.
   */
  async insertIfAbsent(user: NewUser): Promise<UserRecord | null> {
    try {
      return await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ id: nanoid(), ...user })
          .onConflictDoNothing()
          .returning();
        if (!created) return null;
        // After the insert, which waited for a deletion holding the uid to commit, so this sees it.
        const [gone] = await tx
          .select({ uid: deletedAccounts.firebaseUid })
          .from(deletedAccounts)
          .where(eq(deletedAccounts.firebaseUid, user.firebaseUid));
        if (gone) throw new AccountDeletedError();
        return created;
      });
    } catch (error) {
      if (error instanceof AccountDeletedError) return null;
      throw error;
    }
  }

  /** Whether the uid is of a deleted account; and whether its sign-in account is gone too. */
  async deletedAccount(firebaseUid: string): Promise<{ signInRemoved: boolean } | null> {
    const [row] = await this.db
      .select({ signInRemovedAt: deletedAccounts.signInRemovedAt })
      .from(deletedAccounts)
      .where(eq(deletedAccounts.firebaseUid, firebaseUid));
    return row ? { signInRemoved: row.signInRemovedAt !== null } : null;
  }

  /** Records that the deleted account's sign-in account is gone as well. */
  async markSignInRemoved(firebaseUid: string): Promise<void> {
    await this.db
      .update(deletedAccounts)
      .set({ signInRemovedAt: sql`now()` })
      .where(eq(deletedAccounts.firebaseUid, firebaseUid));
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

  /**
   * Deletes the row, rows of other tables referencing it with it (ON DELETE CASCADE), and
   * tombstones its Firebase uid in the same transaction (migration 0012).
   */
  async delete(user: Pick<UserRecord, "id" | "firebaseUid">): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx
        .insert(deletedAccounts)
        .values({ firebaseUid: user.firebaseUid })
        .onConflictDoNothing();
      const deleted = await tx
        .delete(users)
        .where(eq(users.id, user.id))
        .returning({ id: users.id });
      return deleted.length > 0;
    });
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
