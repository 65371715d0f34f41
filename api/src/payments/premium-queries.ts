import { and, eq, isNull } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { premiumGrants, users, type PremiumGrantRecord } from "../platform/db/schema.js";

// Premium periods (premium_grants) and their projection users.premium_until
// (migrations/0008_payments.sql): the SQL only; premium-rules.ts says what the projection is.

export type NewPremiumGrant = Pick<
  PremiumGrantRecord,
  "userId" | "source" | "startsAt" | "endsAt" | "createdAt"
> &
  Partial<Pick<PremiumGrantRecord, "purchaseId" | "grantedBy">>;

export class PremiumQueries {
  constructor(private readonly db: Database) {}

  /**
   * The user's row, locked while their periods change (so two changes at once recompute one after
   * the other); null when there is no such user.
   */
  async lockUser(userId: string): Promise<{ premiumUntil: Date | null } | null> {
    const [user] = await this.db
      .select({ premiumUntil: users.premiumUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    return user ?? null;
  }

  async insertGrant(grant: NewPremiumGrant): Promise<void> {
    await this.db.insert(premiumGrants).values({ id: nanoid(16), ...grant });
  }

  /** Revokes the period a purchase bought. */
  async revokeGrantsOfPurchase(purchaseId: string, at: Date): Promise<void> {
    await this.db
      .update(premiumGrants)
      .set({ revokedAt: at })
      .where(and(eq(premiumGrants.purchaseId, purchaseId), isNull(premiumGrants.revokedAt)));
  }

  /** Revokes the user's admin grants (bought periods stay). */
  async revokeAdminGrants(userId: string, at: Date): Promise<void> {
    await this.db
      .update(premiumGrants)
      .set({ revokedAt: at })
      .where(
        and(
          eq(premiumGrants.userId, userId),
          eq(premiumGrants.source, "admin"),
          isNull(premiumGrants.revokedAt),
        ),
      );
  }

  /** Every period of the user, revoked ones included. */
  async grantsOf(userId: string): Promise<PremiumGrantRecord[]> {
    return this.db.select().from(premiumGrants).where(eq(premiumGrants.userId, userId));
  }

  /** Writes the user's premium end; answers it as stored (null when there is no such user). */
  async setPremiumUntil(userId: string, premiumUntil: Date | null, at: Date): Promise<Date | null> {
    const [row] = await this.db
      .update(users)
      .set({ premiumUntil, updatedAt: at })
      .where(eq(users.id, userId))
      .returning({ premiumUntil: users.premiumUntil });
    return row?.premiumUntil ?? null;
  }
}
