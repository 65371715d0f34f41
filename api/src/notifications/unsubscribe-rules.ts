import { createHmac, timingSafeEqual } from "node:crypto";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "@storyloom/common";

// One-click unsubscribe links (docs/decisions/056-notifications.md): a token names one person,
// one kind and one channel, signed with an HMAC of a key derived from the configured
// READ_HASH_SECRET, so it can be neither forged nor turned into another person's or another
// kind's. It carries no expiry: an e-mail read months later must still unsubscribe.

/** What a valid token turns off: one kind, or every kind ("all", the digest's own link). */
export interface UnsubscribeTarget {
  userId: string;
  kind: NotificationKind | "all";
  channel: Exclude<NotificationChannel, "inbox">;
}

/** An "every kind" link where only a one-kind link is taken (GraphQL's unsubscribeByLink). */
export const ALL_KINDS_LINK =
  "This link turns off every kind of notification: open it in your browser instead.";

export const BAD_UNSUBSCRIBE_TOKEN = "This unsubscribe link is not valid.";

export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac("sha256", secret).update("storyloom unsubscribe links v1").digest();
  }

  private signature(target: UnsubscribeTarget): Buffer {
    return createHmac("sha256", this.key)
      .update(`${target.userId}:${target.kind}:${target.channel}`)
      .digest();
  }

  /** `<userId>.<kind>.<channel>.<signature>`, URL-safe. */
  tokenFor(target: UnsubscribeTarget): string {
    const signature = this.signature(target).toString("base64url");
    return `${target.userId}.${target.kind}.${target.channel}.${signature}`;
  }

  /** The target of a genuine token; null for anything else. */
  verify(token: string): UnsubscribeTarget | null {
    const parts = token.split(".");
    if (parts.length !== 4) return null;
    const [userId = "", kind = "", channel = "", signature = ""] = parts;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return null;
    if (kind !== "all" && !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
    if (channel === "inbox" || !(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) {
      return null;
    }
    const target = {
      userId,
      kind: kind as UnsubscribeTarget["kind"],
      channel: channel as UnsubscribeTarget["channel"],
    };
    const expected = this.signature(target);
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return target;
  }
}
