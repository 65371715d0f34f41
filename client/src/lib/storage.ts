/**
 * Web storage that never throws: private modes and strict privacy settings can block
 * localStorage/sessionStorage, and a blocked preference must not break the app.
 */
type StorageKind = "local" | "session";

function storageOf(kind: StorageKind): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string, kind: StorageKind = "local"): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, kind: StorageKind = "local"): void {
  try {
    storageOf(kind)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: the preference simply is not remembered.
  }
}

export function removeStorage(key: string, kind: StorageKind = "local"): void {
  try {
    storageOf(kind)?.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
