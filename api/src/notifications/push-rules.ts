import { isIP } from "node:net";
import { invalid } from "../platform/lib/errors.js";
import type { ModerationOutcome, NotificationKind } from "./notification-rules.js";
import { notificationLine } from "./notification-line-rules.js";

// Web push (docs/decisions/063-web-push.md): what a browser's subscription must look like, what a
// push says, how often a reader gets one and what a push service's answer means. Pure rules.

/** A browser's subscription as PushSubscription.toJSON() gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const BAD_ENDPOINT = "endpoint must be the https address of a push service.";
export const BAD_P256DH = "keys.p256dh must be the browser's P-256 public key (base64url).";
export const BAD_AUTH = "keys.auth must be the browser's 16-byte secret (base64url).";
export const PUSH_SUBSCRIPTION_NOT_FOUND = "Push subscription not found.";
export const PUSH_OFF = "Push notifications are not set up on this server.";

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * Checks a subscription before the api ever posts to its endpoint: an https address of a named
 * host (push services are public hosts; an address or `localhost` could point the api at its own
 * network), a 65-byte uncompressed P-256 key and a 16-byte secret. `allowLocalHttp` (tests only)
 * also takes http://127.0.0.1 endpoints, the test's stand-in push service.
 */
export function validSubscription(
  given: PushSubscriptionInput,
  allowLocalHttp = false,
): PushSubscriptionInput {
  if (!endpointAllowed(given.endpoint, allowLocalHttp)) throw invalid("endpoint", BAD_ENDPOINT);
  const { p256dh, auth } = given.keys;
  if (!BASE64URL.test(p256dh) || Buffer.from(p256dh, "base64url").length !== 65) {
    throw invalid("keys.p256dh", BAD_P256DH);
  }
  if (!BASE64URL.test(auth) || Buffer.from(auth, "base64url").length !== 16) {
    throw invalid("keys.auth", BAD_AUTH);
  }
  return { endpoint: given.endpoint, keys: { p256dh, auth } };
}

function endpointAllowed(endpoint: string, allowLocalHttp: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username !== "" || url.password !== "") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowLocalHttp && host === "127.0.0.1") return ["http:", "https:"].includes(url.protocol);
  return (
    url.protocol === "https:" && isIP(host) === 0 && host !== "localhost" && host.includes(".")
  );
}

/** What a push may say of its item: the inbox's line and a link, never a story's text. */
export interface PushItem {
  notificationId: string;
  kind: NotificationKind;
  count: number;
  outcome: ModerationOutcome | null;
  /** The story's public id and title while the reader may see it (mayShowStory), else null. */
  story: { publicId: string; title: string } | null;
  actorName: string | null;
}

/** The JSON a browser's service worker receives (client/public/push-handler.js shows it). */
export interface PushMessage {
  title: string;
  /** Where a click opens: the story, or the inbox when the story may not be shown. */
  url: string;
  /** One notification per item on the device: a later push of the same item replaces it. */
  tag: string;
  /** The one-click unsubscribe token for this kind on push (unsubscribe-rules.ts). */
  unsubscribeToken: string;
}

/** The inbox's line (client/src/features/notifications/notification-words.ts), as a title. */
export const pushTitle = (item: PushItem): string => notificationLine(item);

export function pushMessage(item: PushItem, unsubscribeToken: string): PushMessage {
  return {
    title: pushTitle(item),
    url: item.story ? `/stories/${encodeURIComponent(item.story.publicId)}` : "/notifications",
    tag: `storyloom-${item.notificationId}`,
    unsubscribeToken,
  };
}

/** At most this many items are pushed to one reader per window; later ones wait (see below). */
export const PUSH_RATE = { items: 5, windowMs: 10 * 60_000 } as const;

/**
 * When a reader's next item may be pushed: now (null) while fewer than PUSH_RATE.items other items
 * went out in the window, else when the oldest of them leaves it. An item that waits goes out with
 * its count of that moment, or not at all if it was read meanwhile.
 */
export function pushAllowedAt(sentInWindow: readonly Date[], now: Date): Date | null {
  if (sentInWindow.length < PUSH_RATE.items) return null;
  const oldest = Math.min(...sentInWindow.map((at) => at.getTime()));
  return new Date(Math.max(oldest + PUSH_RATE.windowMs, now.getTime() + 1000));
}

/** What to do after a push service answered `status` (RFC 8030; 0: no answer at all). */
export type PushOutcome = "sent" | "gone" | "retry" | "give_up";

export function pushOutcome(status: number): PushOutcome {
  if (status >= 200 && status < 300) return "sent";
  // The subscription expired or the reader revoked it: it will never take a message again.
  if (status === 404 || status === 410) return "gone";
  if (status === 0 || status === 408 || status === 429 || status >= 500) return "retry";
  // 400, 401, 403, 413: our request is wrong and would be wrong again.
  return "give_up";
}

/** A push delivery is given up after this many tries (1 s, 2 s … backoff: retryDelayMs). */
export const MAX_PUSH_ATTEMPTS = 8;
