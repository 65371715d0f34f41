import { readStorage, removeStorage, writeStorage } from "../../lib/storage";
import { STORAGE_KEYS } from "../../lib/storage-keys";

/**
 * A hint of our own that this browser was signed in when it last knew (the session itself stays in
 * Firebase's IndexedDB). Read before the identity SDK loads, so a reader's first requests wait for
 * their token and the header keeps the account area's place (docs/decisions/021-lean-client-first-render.md).
 * Only a hint: the identity that resolves always wins.
 */
export function readSignedInHint(): boolean {
  return readStorage(STORAGE_KEYS.signedInHint) === "1";
}

export function writeSignedInHint(signedIn: boolean): void {
  if (signedIn) writeStorage(STORAGE_KEYS.signedInHint, "1");
  else removeStorage(STORAGE_KEYS.signedInHint);
}
