import { returnPathOf } from "./return-path";
import { STORAGE_KEYS } from "./storage-keys";
import { readStorage, removeStorage, writeStorage } from "./storage";

/**
 * A visitor who wanted to write a story is sent to /stories/new once signed in. The flag lives in
 * localStorage so it survives the Google pop-up and a trip through password reset.
 */
export function storePendingStoryIntent(prompt?: string): void {
  writeStorage(STORAGE_KEYS.pendingStoryIntent, "1");
  if (prompt !== undefined && prompt.trim() !== "") {
    writeStorage(STORAGE_KEYS.pendingStoryPrompt, prompt);
  }
}

export function hasPendingStoryIntent(): boolean {
  return readStorage(STORAGE_KEYS.pendingStoryIntent) !== null;
}

export function clearPendingStoryIntent(): void {
  removeStorage(STORAGE_KEYS.pendingStoryIntent);
}

/** The stored prompt stays until the generation form takes it. */
export function readPendingStoryPrompt(): string | null {
  return readStorage(STORAGE_KEYS.pendingStoryPrompt);
}

export function clearPendingStoryPrompt(): void {
  removeStorage(STORAGE_KEYS.pendingStoryPrompt);
}

/**
 * Where a freshly signed-in user goes, given the sign-in page's search: the page it asks to come
 * back to (`?next=`), else /stories/new when the intent flag is set, else /.
 */
export function postSignInPath(search: string): string {
  return returnPathOf(search) ?? (hasPendingStoryIntent() ? "/stories/new" : "/");
}
