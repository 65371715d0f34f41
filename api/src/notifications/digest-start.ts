import type { Database } from "../platform/db/database.js";
import { smtpMailer } from "./digest-mailer.js";
import type { EmailSettings } from "./digest-rules.js";
import { DigestWorker } from "./digest-worker.js";
import { UnsubscribeLinks } from "./unsubscribe-rules.js";

// Where the e-mail digest starts (docs/decisions/057-email-digest.md): beside the fan-out
// worker, in the api (STORY_WORKERS > 0) and in `npm run worker -w api`. Without SMTP_URL no
// digest is made or sent, and the log says so once.

export const DIGEST_OFF_MESSAGE = "e-mail digests are off: SMTP_URL is not set";

export interface EmailDigestsOptions {
  db: Database;
  /** null: SMTP_URL is unset. */
  email: EmailSettings | null;
  /** PUBLIC_BASE_URL, no trailing slash. */
  site: string;
  /** READ_HASH_SECRET: the unsubscribe links' key. */
  readHashSecret: string;
  pollMs: number;
  log: { info(message: string): void; error(details: object, message: string): void };
}

/** The started digest worker, or null (said in the log) when there is no SMTP relay. */
export function startEmailDigests(options: EmailDigestsOptions): DigestWorker | null {
  if (options.email === null) {
    options.log.info(DIGEST_OFF_MESSAGE);
    return null;
  }
  const worker = new DigestWorker({
    db: options.db,
    mailer: smtpMailer(options.email.smtpUrl),
    links: new UnsubscribeLinks(options.readHashSecret),
    site: options.site,
    from: options.email.from,
    intervalMs: options.email.digestIntervalMs,
    pollMs: options.pollMs,
    onError: (error) => options.log.error({ err: error }, "an e-mail digest was not sent"),
  });
  worker.start();
  return worker;
}
