import type { ApolloClient } from "@apollo/client";
import { enqueueOffline, registerQueueSender } from "../offline/components";
import { sendProgress, type ProgressToSave, type SaveOutcome } from "./save-progress";

// Progress made offline syncs on return (docs/product.md#offline-reading): a place the api could
// not be told of waits in the offline queue, the latest one per story, stamped with when the
// reader was there; the "progress" sender hands it to the api once the network is back, and the
// api keeps it only if no later place was saved since on another device.

export const PROGRESS_QUEUE_KIND = "progress";

/**
 * Saves the reader's place now when there is a network (`client` given, the browser online),
 * otherwise, or when the api cannot be reached, keeps it to send on return.
 */
export async function saveOrQueueProgress(
  client: ApolloClient | null,
  uid: string,
  progress: ProgressToSave,
  now: () => Date = () => new Date(),
): Promise<SaveOutcome | "queued"> {
  const stamped = { ...progress, readAt: progress.readAt ?? now().toISOString() };
  if (client !== null && navigator.onLine) {
    const outcome = await sendProgress(client, stamped);
    if (outcome !== "unreachable") return outcome;
  }
  await enqueueOffline(uid, PROGRESS_QUEUE_KIND, stamped, stamped.storyId);
  return "queued";
}

function isProgress(payload: unknown): payload is ProgressToSave {
  if (typeof payload !== "object" || payload === null) return false;
  const value = payload as Record<string, unknown>;
  return (
    typeof value.storyId === "string" &&
    typeof value.chapter === "number" &&
    typeof value.paragraph === "number" &&
    typeof value.atEnd === "boolean"
  );
}

/**
 * Registers the sender of queued places (once, at the app's start); answers its removal. A place
 * the api refuses (the story is gone) is dropped; one it cannot be reached for waits.
 */
export function registerProgressSender(client: () => Promise<ApolloClient>): () => void {
  return registerQueueSender(PROGRESS_QUEUE_KIND, async (payload) => {
    if (!isProgress(payload)) return;
    if ((await sendProgress(await client(), payload)) === "unreachable") {
      throw new Error("The reader's place could not reach the api yet");
    }
  });
}
