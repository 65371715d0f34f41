import webPush from "web-push";
import type { PushMessage, PushSubscriptionInput } from "./push-rules.js";

// Sends one web push (RFC 8030/8291/8292): the `web-push` library encrypts the message to the
// browser's keys (aes128gcm) and signs the VAPID header; the request itself goes out with fetch,
// which honours a time-out and reaches any push service (docs/decisions/063-web-push.md).

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (config/api-config.ts). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What the push service answered: its status (0 when it could not be reached) and why. */
export interface PushAnswer {
  status: number;
  detail: string;
}

/** A pushed message lives this long at the push service while the browser is offline. */
const TTL_SECONDS = 24 * 60 * 60;

export class PushSender {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly timeoutMs = 15_000,
  ) {}

  async send(subscription: PushSubscriptionInput, message: PushMessage): Promise<PushAnswer> {
    const request = webPush.generateRequestDetails(subscription, JSON.stringify(message), {
      vapidDetails: this.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: "normal",
    });
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: "error",
      });
      const text = (await answer.text()).slice(0, 200);
      return { status: answer.status, detail: `${answer.status} ${text}`.trim() };
    } catch (error) {
      return { status: 0, detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
