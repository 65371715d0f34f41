import type { Database } from "../platform/db/database.js";
import type { UserRecord } from "../platform/db/schema.js";
import { notFound, unavailable } from "../platform/lib/errors.js";
import { PushQueries } from "./push-queries.js";
import {
  PUSH_OFF,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  validSubscription,
  type PushSubscriptionInput,
} from "./push-rules.js";

// A reader's browsers that show push notifications (docs/product.md#notifications): only ever
// the caller's own; someone else's subscription id does not exist for them.

export interface PushSettings {
  /** VAPID_PUBLIC_KEY: what browsers subscribe with; null when push is off. */
  publicKey: string | null;
  /** Tests only: http://127.0.0.1 endpoints (the test's own push service) are taken. */
  allowLocalHttpEndpoints?: boolean;
}

/** Registers the caller's browser; answers its id, which removes it. */
export async function registerPushSubscription(
  db: Database,
  settings: PushSettings,
  reader: UserRecord,
  given: PushSubscriptionInput,
): Promise<{ id: string }> {
  const subscription = validSubscription(given, settings.allowLocalHttpEndpoints ?? false);
  if (settings.publicKey === null) throw unavailable(PUSH_OFF);
  return new PushQueries(db).save(reader.id, subscription);
}

/** Removes one of the caller's browsers; anyone else's is not found. */
export async function removePushSubscription(
  db: Database,
  reader: UserRecord,
  id: string,
): Promise<void> {
  if (!(await new PushQueries(db).remove(reader.id, id))) {
    throw notFound(PUSH_SUBSCRIPTION_NOT_FOUND);
  }
}
