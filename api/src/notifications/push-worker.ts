import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { PollingLoop } from "../platform/lib/polling-loop.js";
import { mayShowStory, retryDelayMs } from "./notification-rules.js";
import { PushQueries, type PushDeliveryRow } from "./push-queries.js";
import {
  MAX_PUSH_ATTEMPTS,
  PUSH_RATE,
  pushAllowedAt,
  pushMessage,
  pushOutcome,
  type PushItem,
} from "./push-rules.js";
import { PushSender, type VapidKeys } from "./push-sender.js";
import { UnsubscribeLinks } from "./unsubscribe-rules.js";

// The background worker of web push (docs/decisions/063-web-push.md): claims due deliveries with
// a lease, as NotificationWorker claims fan-out jobs, and sends each to its browser. A push
// service's 404/410 forgets the browser; 429, 5xx and no answer are retried with backoff.

export interface PushWorkerOptions {
  db: Database;
  sender: PushSender;
  unsubscribeLinks: UnsubscribeLinks;
  /** How often an idle worker looks for due deliveries. */
  pollMs: number;
  leaseSeconds?: number;
  /** Told of a delivery that failed (retried later, or given up after MAX_PUSH_ATTEMPTS). */
  onError?: (error: unknown) => void;
}

export class PushWorker {
  private readonly owner = `push-${nanoid(8)}`;
  private readonly queries: PushQueries;
  private readonly loop: PollingLoop;

  constructor(private readonly options: PushWorkerOptions) {
    this.queries = new PushQueries(options.db);
    this.loop = new PollingLoop(() => this.drain(), options.pollMs, options.onError);
  }

  start(): void {
    this.loop.start();
  }

  /** Finishes the push in hand, then stops. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Handles every due delivery now; resolves with how many when none is left. */
  drain(): Promise<number> {
    return this.loop.eachClaimed(
      () => this.queries.claim(this.owner, this.options.leaseSeconds ?? 60),
      (delivery) => this.deliver(delivery),
    );
  }

  private async deliver(row: PushDeliveryRow): Promise<void> {
    // Read since, or push turned off for the kind since: nothing left to say.
    if (row.read || !row.wanted) return this.queries.finish(row.id, this.owner, false);
    const sent = await this.queries.sentInWindow(
      row.userId,
      row.notificationId,
      PUSH_RATE.windowMs,
    );
    const later = pushAllowedAt(sent, new Date());
    if (later !== null) return this.queries.postpone(row.id, this.owner, later);

    const token = this.options.unsubscribeLinks.tokenFor({
      userId: row.userId,
      kind: row.kind,
      channel: "push",
    });
    const answer = await this.options.sender.send(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      pushMessage(pushItem(row), token),
    );
    switch (pushOutcome(answer.status)) {
      case "sent":
        return this.queries.finish(row.id, this.owner, true);
      case "gone":
        return this.queries.drop(row.subscriptionId);
      case "retry": {
        this.options.onError?.(new Error(`a push was refused for now: ${answer.detail}`));
        const delay = row.attempts >= MAX_PUSH_ATTEMPTS ? null : retryDelayMs(row.attempts);
        return this.queries.fail(row.id, this.owner, answer.detail, delay);
      }
      case "give_up":
        this.options.onError?.(new Error(`a push was refused: ${answer.detail}`));
        return this.queries.fail(row.id, this.owner, answer.detail, null);
    }
  }
}

/** The item as its reader may see it now: the story's title only while they may see the story. */
function pushItem(row: PushDeliveryRow): PushItem {
  const shown = mayShowStory(
    {
      authorId: row.storyAuthorId,
      status: row.storyStatus,
      isPublic: row.storyIsPublic,
      moderationStatus: row.storyModerationStatus,
      publishedAt: row.storyPublishedAt,
    },
    row.userId,
  );
  return {
    notificationId: row.notificationId,
    kind: row.kind,
    count: Number(row.count),
    outcome: row.outcome,
    story: shown ? { publicId: row.storyPublicId, title: row.storyTitle } : null,
    actorName: row.actorDisplayName ?? row.actorUsername,
  };
}

/**
 * The process's push worker (start.ts, worker-main.ts), or null when push is off (no VAPID keys).
 * Its deliveries' links are signed as the api's (READ_HASH_SECRET).
 */
export function pushWorker(
  db: Database,
  config: { vapid: VapidKeys | null; readHashSecret: string; notificationPollMs: number },
  log: { error: (details: object, message: string) => void },
): PushWorker | null {
  if (config.vapid === null) return null;
  return new PushWorker({
    db,
    sender: new PushSender(config.vapid),
    unsubscribeLinks: new UnsubscribeLinks(config.readHashSecret),
    pollMs: config.notificationPollMs,
    onError: (error) => log.error({ err: error }, "a push delivery failed"),
  });
}
