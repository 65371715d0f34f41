import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { PollingLoop } from "../platform/lib/polling-loop.js";
import { DigestQueries, type ClaimedDigest, type DigestRow } from "./digest-queries.js";
import type { DigestMailer } from "./digest-mailer.js";
import {
  DIGEST_MAX_ATTEMPTS,
  DIGEST_MAX_ITEMS,
  digestMessage,
  digestRetryDelayMs,
  unsubscribeUrl,
  type DigestItem,
} from "./digest-rules.js";
import { mayShowStory } from "./notification-rules.js";
import type { UnsubscribeLinks } from "./unsubscribe-rules.js";

// The e-mail digest's background worker (docs/decisions/057-email-digest.md): makes the digests
// that are due, claims them with a lease (FOR UPDATE SKIP LOCKED, as the fan-out jobs), hands
// each to the relay and records it sent only once the relay accepted it. A refusal is retried
// with backoff under the same id, which is the Message-ID of every try. Never inside a request.

export interface DigestWorkerOptions {
  db: Database;
  mailer: DigestMailer;
  links: UnsubscribeLinks;
  /** The web app's address (PUBLIC_BASE_URL): links to stories, settings and unsubscribing. */
  site: string;
  from: string;
  /** At most one digest per reader per this many milliseconds. */
  intervalMs: number;
  /** How often an idle worker looks for due digests. */
  pollMs: number;
  /** How long a claimed digest is the worker's; well above the relay's timeouts. */
  leaseSeconds?: number;
  /** The first retry's delay (tests shorten it); doubles each try, at most an hour. */
  retryBaseMs?: number;
  /** Told of a refused digest (it is retried later, or given up after DIGEST_MAX_ATTEMPTS). */
  onError?: (error: unknown) => void;
}

/** A claimed digest outlives the relay's timeouts (30 s each) many times over. */
export const DIGEST_LEASE_SECONDS = 300;

export class DigestWorker {
  private readonly owner = `digest-${nanoid(8)}`;
  private readonly queries: DigestQueries;
  private readonly loop: PollingLoop;

  constructor(private readonly options: DigestWorkerOptions) {
    this.queries = new DigestQueries(options.db);
    this.loop = new PollingLoop(() => this.drain(), options.pollMs, options.onError);
  }

  start(): void {
    this.loop.start();
  }

  /** Finishes the digest in hand, then stops. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.options.mailer.close();
  }

  /** Makes the due digests and sends every due one; answers how many were tried. */
  async drain(): Promise<number> {
    await this.queries.schedule(this.options.intervalMs);
    const leaseSeconds = this.options.leaseSeconds ?? DIGEST_LEASE_SECONDS;
    return this.loop.eachClaimed(
      () => this.queries.claim(this.owner, leaseSeconds),
      (digest) => this.send(digest),
    );
  }

  private async send(digest: ClaimedDigest): Promise<void> {
    const rows = await this.queries.items(digest, DIGEST_MAX_ITEMS);
    if (rows.length === 0 || digest.email === null) {
      await this.queries.markEmpty(digest.id, this.owner);
      return;
    }
    const more = Math.max(0, (await this.queries.itemCount(digest)) - rows.length);
    const { site, links, from } = this.options;
    const link = (kind: Parameters<UnsubscribeLinks["tokenFor"]>[0]["kind"]) =>
      unsubscribeUrl(site, links.tokenFor({ userId: digest.userId, kind, channel: "email" }));
    const message = digestMessage(
      rows.map((row) => toItem(row, digest.userId)),
      { site, unsubscribe: link },
      more,
    );
    try {
      await this.options.mailer.send({
        to: digest.email,
        from,
        ...message,
        messageId: `<${digest.id}.digest@${new URL(site).hostname}>`,
        unsubscribeUrl: link("all"),
      });
    } catch (error) {
      this.options.onError?.(error);
      const text = error instanceof Error ? error.message : String(error);
      const delay =
        digest.attempts >= DIGEST_MAX_ATTEMPTS
          ? null
          : digestRetryDelayMs(digest.attempts, this.options.retryBaseMs);
      await this.queries.fail(digest.id, this.owner, text.slice(0, 500), delay);
      return;
    }
    await this.queries.markSent(digest.id);
  }
}

function toItem(row: DigestRow, readerId: string): DigestItem {
  const shown = mayShowStory(
    {
      authorId: row.storyAuthorId,
      status: row.storyStatus,
      isPublic: row.storyIsPublic,
      moderationStatus: row.storyModerationStatus,
      publishedAt: row.storyPublishedAt,
    },
    readerId,
  );
  return {
    kind: row.kind,
    count: Number(row.count),
    outcome: row.outcome,
    actorName: row.actorDisplayName ?? row.actorUsername,
    story: shown ? { publicId: row.storyPublicId, title: row.storyTitle } : null,
  };
}
